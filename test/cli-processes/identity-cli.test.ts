import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cli, startServe, type ServeProcess } from '../support/feedbackctl-process.js';

/** `feedbackctl identity …` as a real process, through the running service's admin socket (spec 2.3 merge suggestions). */
describe('feedbackctl identity suggestions | confirm | reject', function () {
  this.timeout(120_000);
  let dataDir: string;
  let serve: ServeProcess;
  let projectId: string;
  let secretKey: string;
  /** As `identity suggestions --json` listed them before any decision. */
  let listed: { id: string; email: string; candidateUserId: string }[];
  const of = (userId: string) => listed.find((s) => s.candidateUserId === userId)!;

  const api = (route: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${serve.port}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'identity-cli-'));
    const created = await cli(dataDir, ['project', 'create', '--name', 'Identity CLI', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    ({ projectId, secretKey } = JSON.parse(created.stdout));
    const updated = await cli(dataDir, ['project', 'update', '--project', projectId, '--identity-linking', 'suggest']);
    expect(updated.code, updated.stderr).to.equal(0);
    serve = await startServe(dataDir);
    for (const name of ['ivo', 'jon']) {
      expect((await api('/api/v1/feedback', { text: 'Sync is slow', email: `${name}@example.com` })).status).to.equal(202);
      expect((await api('/api/v1/users/identify', { userId: `u-${name}`, traits: { email: `${name}@example.com` } })).status).to.equal(200);
    }
    const result = await cli(dataDir, ['identity', 'suggestions', '--project', projectId, '--json']);
    expect(result.code, result.stderr).to.equal(0);
    listed = JSON.parse(result.stdout);
  });
  after(async () => {
    await serve?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('suggestions --json lists the open suggestions of the project with their fields', async () => {
    expect(listed.map((s) => s.candidateUserId).sort()).to.deep.equal(['u-ivo', 'u-jon']);
    expect(listed[0]).to.have.all.keys('id', 'projectId', 'email', 'shadowUserId', 'candidateUserId', 'reason', 'status', 'createdAt', 'decidedAt', 'mergedAt');
    expect(listed[0]).to.include({ projectId, reason: 'linking-suggest', status: 'open' });
  });

  it('suggestions without --json prints one line per suggestion for a human', async () => {
    const [first] = listed;
    const printed = await cli(dataDir, ['identity', 'suggestions']);
    expect(printed.code, printed.stderr).to.equal(0);
    expect(printed.stdout).to.include(first.id).and.include('open').and.include(`${first.email} -> ${first.candidateUserId}`);
  });

  it('confirm merges the shadow user into the user (GET /users shows the item)', async () => {
    const ivo = of('u-ivo');
    const confirmed = await cli(dataDir, ['identity', 'confirm', ivo.id]);
    expect(confirmed.code, confirmed.stderr).to.equal(0);
    expect(confirmed.stdout).to.include(`Confirmed ${ivo.id}: the shadow user is merged.`);
    const user = (await (await api('/api/v1/users/u-ivo')).json()) as { feedbackCount: number };
    expect(user.feedbackCount).to.equal(1);
  });

  it('reject keeps the users apart; rejecting a confirmed suggestion fails with exit 1 and says why', async () => {
    const jon = of('u-jon');
    const rejected = await cli(dataDir, ['identity', 'reject', jon.id]);
    expect(rejected.code, rejected.stderr).to.equal(0);
    expect(((await (await api('/api/v1/users/u-jon')).json()) as { feedbackCount: number }).feedbackCount).to.equal(0);
    const ivo = of('u-ivo');
    const refused = await cli(dataDir, ['identity', 'reject', ivo.id]);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('was confirmed');
    const again = await cli(dataDir, ['identity', 'confirm', jon.id]);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('was rejected');
  });

  it('an unknown id is a clear error with exit 1; a missing id is a usage error with exit 2', async () => {
    const unknown = await cli(dataDir, ['identity', 'confirm', 'sug_AAAAAAAAAAAAAAAAAAAAAA']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('No merge suggestion sug_AAAAAAAAAAAAAAAAAAAAAA');
    const missing = await cli(dataDir, ['identity', 'confirm']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.include('feedbackctl identity confirm SUGGESTION_ID');
  });
});
