/**
 * Spec 4.7: a `kill -9` of a real `feedbackctl serve` in the middle of a user
 * erasure (some items gone, the request still pending) ends, after a restart on the same data
 * directory, with the erasure completed and nothing of the user left in any table or in the log.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { LOGIN_PHRASINGS } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { cli, startServe, type ServeProcess } from '../support/feedbackctl-process.js';
import { tablesContaining } from '../support/raw-tables.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Values no other test uses, so the raw search finds them only where this user left them.
const TARGET = 'vardelic-user-7781';
const EMAIL = 'vardelic.mail@example.net';
const KEEPER = 'vardelic-keeper';
const BY_USER_ID = 240;
const BY_EMAIL = 60;
const KEPT = 30;
const EXPORT_PHRASINGS = ['The PDF export fails on large reports', 'Exporting to PDF crashes with big files', 'PDF export never finishes for long reports'];

describe('a user erasure survives a kill -9 of the service (spec 4.7)', function () {
  this.timeout(900_000);
  let dataDir: string;
  let serve: ServeProcess | undefined;
  let inspector: TestServer | undefined;
  let secretKey: string;
  let requestId: string;
  let sizesBefore: number;
  // One item a round (300 rounds, each with its projection wait and log erasure), so the erasure is certainly caught between two of them.
  const env = { USER_ERASURE_BATCH: '1' };

  const call = (route: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${serve!.port}${route}`, { ...init, headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' } });
  const json = async (route: string) => {
    const response = await call(route);
    return { status: response.status, body: (await response.json()) as any };
  };
  const themeSizes = async () => ((await json('/api/v1/clusters?limit=200')).body.clusters as { size: number }[]).reduce((sum, c) => sum + c.size, 0);
  const status = async () => (await json(`/api/v1/users/deletions/${requestId}`)).body.status as string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'user-erasure-kill9-'));
    const created = await cli(dataDir, ['project', 'create', '--name', 'Erasure kill nine', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    const project = JSON.parse(created.stdout);
    secretKey = project.secretKey;
    // History brought in with the service stopped: items by userId, items by email only (a shadow user), another user's items in the same themes.
    const rows: string[][] = [];
    const text = (i: number) => `${(i % 2 ? LOGIN_PHRASINGS : EXPORT_PHRASINGS)[i % 3]} (case ${i})`;
    for (let i = 0; i < BY_USER_ID; i++) rows.push([text(i), TARGET, '']);
    for (let i = 0; i < BY_EMAIL; i++) rows.push([text(BY_USER_ID + i), '', EMAIL]);
    for (let i = 0; i < KEPT; i++) rows.push([text(1000 + i), KEEPER, '']);
    const file = path.join(dataDir, 'history.csv');
    writeFileSync(file, stringify([['text', 'userId', 'email'], ...rows]));
    const imported = await cli(dataDir, ['import', file, '--project', project.projectId]);
    expect(imported.code, imported.stderr).to.equal(0);
    rmSync(file);
  });
  after(async () => {
    await serve?.stop();
    await inspector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the user, merged with their email history, has every item in a theme before the erasure', async () => {
    serve = await startServe(dataDir, { env });
    const identified = await call('/api/v1/users/identify', { method: 'POST', body: JSON.stringify({ userId: TARGET, traits: { email: EMAIL } }) });
    expect(identified.status).to.equal(200);
    // Linking `auto`: the shadow user of the email merges into the profile with its items.
    await expectEventually(async () => expect((await json(`/api/v1/users/${EMAIL}`)).body.feedbackCount).to.equal(BY_USER_ID + BY_EMAIL), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    await expectEventually(async () => expect(await themeSizes()).to.equal(BY_USER_ID + BY_EMAIL + KEPT), { timeoutMs: 600_000, intervalMs: 1000 });
    sizesBefore = await themeSizes();
  });

  it('SIGKILL after a few rounds of the erasure: the request is still pending and only some of the items are gone', async () => {
    const child = serve!.child;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const response = await call(`/api/v1/users/${encodeURIComponent(EMAIL)}`, { method: 'DELETE' });
    expect(response.status).to.equal(202);
    requestId = ((await response.json()) as { requestId: string }).requestId;
    // Killed the moment the profile shows some of its items gone (of 300 rounds), before the next check.
    await expectEventually(
      async () => {
        const count = (await json(`/api/v1/users/${TARGET}`)).body.feedbackCount as number;
        expect(count)
          .to.be.above(0)
          .and.below(BY_USER_ID + BY_EMAIL);
        child.kill('SIGKILL');
      },
      { timeoutMs: 120_000, intervalMs: 150 },
    );
    await exited;
    expect(child.signalCode).to.equal('SIGKILL');
    serve = undefined;
    // The state the kill left, read with no worker running (so nothing moves on).
    inspector = await startTestServer({ env: { DATA_DIR: dataDir }, workers: false });
    try {
      const left = await inspector.runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_feedback WHERE user_id = $1`, [TARGET]);
      expect(left.rows[0].n)
        .to.be.above(0)
        .and.below(BY_USER_ID + BY_EMAIL);
      const recorded = await inspector.runtime.db.query<{ status: string }>(`SELECT status FROM user_erasures WHERE request_id = $1`, [requestId]);
      expect(recorded.rows[0].status).to.equal('pending');
    } finally {
      await inspector.close();
      inspector = undefined;
    }
  });

  it('after a restart on the same directory the erasure completes: the user is 404, the themes shrank by their items', async () => {
    serve = await startServe(dataDir, { env });
    // The killed worker's lease on the request runs out first (15 s).
    await expectEventually(async () => expect(await status()).to.equal('completed'), { timeoutMs: 300_000, intervalMs: 250 });
    expect((await call(`/api/v1/users/${TARGET}`)).status).to.equal(404);
    expect((await call(`/api/v1/users/${encodeURIComponent(EMAIL)}`)).status).to.equal(404);
    expect((await json(`/api/v1/users/${KEEPER}`)).body.feedbackCount).to.equal(KEPT);
    await expectEventually(async () => expect(await themeSizes()).to.equal(sizesBefore - BY_USER_ID - BY_EMAIL), { timeoutMs: 30_000, intervalMs: 250 });
    await serve.stop();
    serve = undefined;
  });

  it('no table, the event log included, holds the userId or the email; the same search finds the user who stays', async () => {
    inspector = await startTestServer({ env: { DATA_DIR: dataDir }, workers: false });
    const db = inspector.runtime.db;
    expect(await tablesContaining(db, TARGET), TARGET).to.deep.equal([]);
    expect(await tablesContaining(db, EMAIL), EMAIL).to.deep.equal([]);
    expect(await tablesContaining(db, KEEPER)).to.include.members(['events', 'users', 'feedback_items']);
    const sizes = await db.query<{ size: number; members: number }>(
      `SELECT c.size, (SELECT count(*)::int FROM cluster_members m WHERE m.cluster_id = c.cluster_id) AS members FROM clusters c WHERE c.merged_into IS NULL`,
    );
    for (const row of sizes.rows) expect(row.size).to.equal(row.members);
    const pending = await db.query(`SELECT 1 FROM pending_feedback_deletions UNION ALL SELECT 1 FROM pending_user_erasures`);
    expect(pending.rowCount).to.equal(0);
  });
});
