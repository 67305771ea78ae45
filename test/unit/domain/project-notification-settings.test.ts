import { expect } from 'chai';
import { projectDecider } from '../../../src/domain/project/decider.js';
import { DEFAULT_SETTINGS, type ProjectEvent } from '../../../src/domain/project/events.js';
import { validateSettings } from '../../../src/domain/project/settings.js';
import { checkDigestEmails, MAX_DIGEST_EMAILS } from '../../../src/domain/project/digest-emails.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const spec = DeciderSpecification.for(projectDecider);
const now = '2026-03-02T09:30:00.000Z';
const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId: 'p1', name: 'Acme', createdAt: now, settings: DEFAULT_SETTINGS } };
const changed = (changes: Record<string, unknown>): ProjectEvent => ({ type: 'ProjectSettingsChanged', data: { projectId: 'p1', changes, changedAt: now } });

describe('project notification settings', () => {
  it('given digests off, when a cadence is chosen, then the change records when the digest starts', () => {
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', changes: { digest: 'daily' }, now })
      .then([changed({ digest: 'daily', digestSince: now })]);
  });

  it('given a daily digest, when daily is set again or the digest is switched off, then no start is recorded', () => {
    spec
      .given([created, changed({ digest: 'daily', digestSince: now })])
      .when({ type: 'ChangeProjectSettings', changes: { digest: 'daily' }, now })
      .then([changed({ digest: 'daily' })]);
    spec
      .given([created, changed({ digest: 'daily', digestSince: now })])
      .when({ type: 'ChangeProjectSettings', changes: { digest: 'off' }, now })
      .then([changed({ digest: 'off' })]);
  });

  it('validates the threshold as an exact amount, the cadence, and the digest addresses, naming each field', () => {
    const { settings, problems } = validateSettings({ slackMinValue: '0500.50', digest: 'daily', digestEmails: [' PM@Example.COM ', 'pm@example.com'] });
    expect(problems).to.deep.equal([]);
    expect(settings).to.deep.equal({ slackMinValue: '500.5', digest: 'daily', digestEmails: ['PM@example.com', 'pm@example.com'] });
    const bad = validateSettings({ slackMinValue: '-1', digest: 'hourly' as never, digestEmails: ['not-an-address'] });
    expect(bad.problems.map((problem) => problem.field)).to.deep.equal(['slackMinValue', 'digest', 'digestEmails']);
  });

  it('never takes digestSince from a caller, and takes sealed values only in sealed form', () => {
    expect(validateSettings({ digestSince: now }).settings).to.deep.equal({});
    expect(validateSettings({ slackWebhookCiphertext: 'https://hooks.slack.com/services/T/B/X' }).problems.map((p) => p.field)).to.deep.equal([
      'slackWebhookCiphertext',
    ]);
    expect(validateSettings({ slackWebhookCiphertext: 'v1.aaaa.bbbb.cccc', githubWebhookSecretCiphertext: null }).problems).to.deep.equal([]);
  });

  it('refuses addresses a mail header could be split on, and more than the maximum', () => {
    for (const raw of ['a@b', 'x@example.com\r\nBcc: y@example.com', 'Name <x@example.com>', 'x@@example.com', '.x@example.com', 'x..y@example.com']) {
      expect(checkDigestEmails([raw]).problems, JSON.stringify(raw)).to.have.length(1);
    }
    const many = Array.from({ length: MAX_DIGEST_EMAILS + 1 }, (_, i) => `pm${i}@example.com`);
    expect(checkDigestEmails(many).problems.map((p) => p.message)).to.deep.equal([`at most ${MAX_DIGEST_EMAILS} addresses`]);
  });
});
