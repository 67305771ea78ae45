import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { checkTrackerLinks, normaliseTrackerLink } from '../../../src/domain/cluster/tracker-links.js';
import { linearTimestampFresh, verifyGithubSignature, verifyLinearSignature } from '../../../src/integrations/tracker-signatures.js';

describe('tracker links and tracker signatures', () => {
  it('makes each tracker’s issue URL canonical', () => {
    const cases: [string, string][] = [
      ['https://github.com/Acme/My.App/issues/7#issuecomment-1', 'https://github.com/acme/my.app/issues/7'],
      ['https://www.github.com/acme/app/issues/7/', 'https://github.com/acme/app/issues/7'],
      ['https://linear.app/acme/issue/eng-12/some-title', 'https://linear.app/acme/issue/ENG-12'],
      ['https://Acme.atlassian.net/browse/app-3', 'https://acme.atlassian.net/browse/APP-3'],
    ];
    for (const [raw, canonical] of cases) expect(normaliseTrackerLink(raw), raw).to.deep.equal({ ok: true, url: canonical });
  });

  it('refuses anything else: other hosts, http, pull requests, user info, ports, lookalike hosts', () => {
    for (const raw of [
      'http://github.com/a/b/issues/1',
      'https://github.com/a/b/pull/1',
      'https://github.com/a/b/issues/0',
      'https://user@github.com/a/b/issues/1',
      'https://github.com:8443/a/b/issues/1',
      'https://github.com.evil.example/a/b/issues/1',
      'https://linear.app/acme/project/x',
      'https://acme.atlassian.net.evil.example/browse/APP-1',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(normaliseTrackerLink(raw).ok, raw).to.equal(false);
    }
  });

  it('names each bad link by its index and the list when there are more than 10, and drops repeats', () => {
    const { links, problems } = checkTrackerLinks(['https://github.com/a/b/issues/1', 'https://github.com/A/B/issues/1', 'nope']);
    expect(links).to.deep.equal(['https://github.com/a/b/issues/1']);
    expect(problems.map((p) => p.field)).to.deep.equal(['links[2]']);
    expect(checkTrackerLinks(Array.from({ length: 11 }, (_, i) => `https://github.com/a/b/issues/${i + 1}`)).problems.map((p) => p.field)).to.deep.equal([
      'links',
    ]);
  });

  it('verifies GitHub’s X-Hub-Signature-256 and Linear’s Linear-Signature over the raw body', () => {
    const body = Buffer.from('{"action":"closed"}');
    const mac = createHmac('sha256', 'secret-0123456789ab').update(body).digest('hex');
    expect(verifyGithubSignature('secret-0123456789ab', body, `sha256=${mac}`)).to.equal(true);
    expect(verifyGithubSignature('secret-0123456789ab', body, `sha256=${mac.toUpperCase()}`)).to.equal(true);
    for (const header of [undefined, mac, `sha1=${mac}`, `sha256=${mac.slice(2)}`, `sha256=${'0'.repeat(64)}`, `sha256=${mac}00`]) {
      expect(verifyGithubSignature('secret-0123456789ab', body, header), String(header)).to.equal(false);
    }
    expect(verifyGithubSignature('secret-0123456789ab', Buffer.from('{"action":"closed"} '), `sha256=${mac}`)).to.equal(false);
    expect(verifyLinearSignature('secret-0123456789ab', body, mac)).to.equal(true);
    for (const header of [undefined, `sha256=${mac}`, mac.slice(1), 'z'.repeat(64)])
      expect(verifyLinearSignature('secret-0123456789ab', body, header)).to.equal(false);
  });

  it('takes a Linear webhookTimestamp within 60 s either way, in milliseconds', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(linearTimestampFresh(now.getTime() - 60_000, now)).to.equal(true);
    expect(linearTimestampFresh(now.getTime() + 60_000, now)).to.equal(true);
    expect(linearTimestampFresh(now.getTime() - 60_001, now)).to.equal(false);
    expect(linearTimestampFresh(String(now.getTime()), now)).to.equal(false);
    expect(linearTimestampFresh(Math.floor(now.getTime() / 1000), now), 'seconds are not milliseconds').to.equal(false);
  });
});
