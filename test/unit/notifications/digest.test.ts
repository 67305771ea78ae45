import { expect } from 'chai';
import { describePeriod, lastCompletedPeriod, previousPeriod } from '../../../src/notifications/digest/period.js';
import { digestEmail } from '../../../src/notifications/digest/digest-email.js';
import { digestSlackMessage } from '../../../src/notifications/digest/digest-slack.js';
import type { DigestContent } from '../../../src/notifications/digest/digest-content.js';

const iso = (date: Date) => date.toISOString();

describe('digest periods (UTC) and rendering', () => {
  it('a day runs from midnight to midnight UTC; a week from Monday 00:00 to the next Monday', () => {
    const daily = lastCompletedPeriod('daily', new Date('2026-03-03T00:00:00.000Z'));
    expect([iso(daily.start), iso(daily.end)]).to.deep.equal(['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
    expect(iso(lastCompletedPeriod('daily', new Date('2026-03-02T23:59:59.999Z')).end)).to.equal('2026-03-02T00:00:00.000Z');
    for (const now of ['2026-03-09T00:00:00.000Z', '2026-03-12T13:00:00.000Z', '2026-03-15T23:59:59.000Z']) {
      const weekly = lastCompletedPeriod('weekly', new Date(now));
      expect([iso(weekly.start), iso(weekly.end)], now).to.deep.equal(['2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z']);
    }
    expect(iso(previousPeriod(lastCompletedPeriod('weekly', new Date('2026-03-09T01:00:00Z'))).start)).to.equal('2026-02-23T00:00:00.000Z');
    expect(describePeriod(lastCompletedPeriod('weekly', new Date('2026-03-09T01:00:00Z')))).to.equal('2026-03-02 to 2026-03-08');
  });

  const content: DigestContent = {
    projectName: 'Acme <b>\r\nBcc: x@example.com',
    period: lastCompletedPeriod('daily', new Date('2026-03-03T01:00:00Z')),
    newThemes: [],
    growing: [{ clusterId: 'cl_1', label: 'Export <script>', count: 6, previousCount: 2, link: 'https://f.example/app/themes/cl_1', quotes: ['a & b', '"c"'] }],
    spiking: [],
    resolved: [],
  };

  it('escapes HTML, keeps the subject on one line, and gives the same themes in both parts', () => {
    const email = digestEmail(content);
    expect(email.subject).to.equal('Daily feedback digest for Acme <b> Bcc: x@example.com: 2026-03-02 (UTC)');
    expect(email.html).to.include('Export &lt;script&gt;').and.include('a &amp; b').and.include('&quot;c&quot;').and.not.include('<script>');
    expect(email.text).to.include('GROWING').and.include('* Export <script> (6 item(s) in the period, 2 the period before)');
    expect(email.text).to.include('https://f.example/app/themes/cl_1');
  });

  it('links each theme in Slack with an escaped label that cannot end the link early', () => {
    const message = digestSlackMessage({ ...content, growing: [{ ...content.growing[0], label: 'A|B <!here>' }] });
    const texts = JSON.stringify(message.blocks);
    expect(texts).to.include('<https://f.example/app/themes/cl_1|A¦B &lt;!here&gt;>');
    expect(texts).not.to.include('<!here>');
  });
});
