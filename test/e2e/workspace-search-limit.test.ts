import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink, signIn } from '../support/workspace.js';

describe('workspace search by meaning: the same per-minute limit as GET /api/v1/search', function () {
  this.timeout(180_000);
  // Ten seconds into a minute: the window ends in 50 s.
  const clock = new MutableClock(new Date('2026-03-02T10:00:10.000Z'));
  let dataDir: string;
  let server: TestServer;
  let viewer: string;
  let other: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-search-limit-'));
    server = await startTestServer({ clock, workers: false, env: { DATA_DIR: dataDir } });
    const project = await server.createProject({ name: 'Search limit' });
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    other = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathname: string, cookie = viewer) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });

  it('answers the 61st search of a minute with a 429 page and Retry-After; the list, other sessions and the next minute still work', async () => {
    for (let i = 1; i <= 60; i++) {
      const response = await get(`/app/feedback?q=${encodeURIComponent(`slow login ${i}`)}`);
      expect(response.status, `search ${i}`).to.equal(200);
      expect(response.headers.get('x-ratelimit-limit')).to.equal('60');
      expect(response.headers.get('x-ratelimit-remaining')).to.equal(String(60 - i));
      await response.arrayBuffer();
    }
    const refused = await get('/app/feedback?q=slow+login');
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.equal('50');
    expect(refused.headers.get('content-type')).to.match(/^text\/html/);
    expect(await refused.text())
      .to.include('More than 60 searches a minute from this session')
      .and.include('50 s');

    const exported = await get('/app/feedback/export?q=slow+login');
    expect(exported.status).to.equal(429);
    expect(exported.headers.get('retry-after')).to.equal('50');
    await exported.arrayBuffer();

    const list = await get('/app/feedback');
    expect(list.status, 'the list without q is not a search').to.equal(200);
    expect(list.headers.get('x-ratelimit-limit')).to.equal(null);
    await list.arrayBuffer();
    const otherSession = await get('/app/feedback?q=slow+login', other);
    expect(otherSession.status, 'each session has its own count').to.equal(200);
    await otherSession.arrayBuffer();

    clock.advance(50_000);
    const nextMinute = await get('/app/feedback?q=slow+login');
    expect(nextMinute.status).to.equal(200);
    expect(nextMinute.headers.get('x-ratelimit-remaining')).to.equal('59');
  });
});
