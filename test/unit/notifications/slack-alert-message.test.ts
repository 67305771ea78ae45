import { expect } from 'chai';
import { alertMessage } from '../../../src/notifications/slack/alert-message.js';
import { shortQuote } from '../../../src/notifications/quotes.js';
import { parseRetryAfter } from '../../../src/webhooks/post-delivery.js';

const occurredAt = new Date('2026-03-01T12:34:56.000Z');

describe('Slack alert messages (Block Kit)', () => {
  it('escapes the characters Slack reads as control (&, <, >) in mrkdwn, so a label cannot mention @channel or forge a link', () => {
    const message = alertMessage(
      {
        kind: 'cluster.regressed',
        projectName: 'A & B',
        clusterId: 'cl_1',
        label: '<!channel> <https://evil.example|click>',
        size: 3,
        reportsLast24h: 1,
        quotes: ['x < y && z > w'],
        occurredAt,
      },
      'https://feedback.example.com',
    );
    const text = JSON.stringify(message.blocks.slice(1));
    expect(text).not.to.include('<!channel>').and.not.to.include('<https://evil');
    expect(message.blocks[1]).to.deep.equal({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: '*&lt;!channel&gt; &lt;https://evil.example|click&gt;* was resolved and has new feedback: 1 report(s) in the last 24 hours, 3 items in the theme.',
      },
    });
    expect(message.blocks[2]).to.deep.equal({ type: 'section', text: { type: 'mrkdwn', text: '> x &lt; y &amp;&amp; z &gt; w' } });
    expect(message.blocks[3]).to.deep.equal({ type: 'context', elements: [{ type: 'mrkdwn', text: 'A &amp; B · 2026-03-01 12:34 UTC' }] });
  });

  it('keeps the header within 150 characters and leaves out the quote section when there is none', () => {
    const message = alertMessage(
      {
        kind: 'cluster.spiking',
        projectName: 'P',
        clusterId: 'c/1',
        label: 'x'.repeat(300),
        size: 9,
        reportsLast24h: 9,
        priorDailyRate: 1,
        quotes: [],
        occurredAt,
      },
      'https://f.example',
    );
    expect([...(message.blocks[0] as any).text.text]).to.have.length(150);
    expect(message.blocks.map((block) => block.type)).to.deep.equal(['header', 'section', 'context', 'actions']);
    expect((message.blocks[3] as any).elements[0].url).to.equal('https://f.example/app/themes/c%2F1');
  });

  it('says a shadow user is known only by their email, shows no value, and links to the user by that email', () => {
    const message = alertMessage(
      {
        kind: 'user.health_changed',
        projectName: 'P',
        userId: 'ana@example.com',
        shadow: true,
        score: 18,
        value: null,
        valueTrait: 'mrr',
        quotes: [],
        occurredAt,
      },
      'https://f.example',
    );
    expect((message.blocks[0] as any).text.text).to.equal('At risk: ana@example.com');
    expect((message.blocks[1] as any).text.text).to.equal('*ana@example.com* (known only by this email) entered the at-risk band (health 18/100).');
    expect((message.blocks.at(-1) as any).elements[0].url).to.equal('https://f.example/app/users/ana%40example.com');
  });

  it('quotes on one line, cut at a word with an ellipsis, never splitting a character', () => {
    expect(shortQuote('  one\n\ntwo   three ')).to.equal('one two three');
    const cut = shortQuote(`${'word '.repeat(50)}end`, 40);
    expect([...cut].length).to.be.at.most(40);
    expect(cut).to.match(/word…$/);
    expect(shortQuote('😀'.repeat(50), 10)).to.equal(`${'😀'.repeat(9)}…`);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(parseRetryAfter('30', now)).to.equal(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:02:00 GMT', now)).to.equal(120);
    expect(parseRetryAfter('soon', now)).to.equal(undefined);
    expect(parseRetryAfter(undefined, now)).to.equal(undefined);
  });
});
