/**
 * The scale-out topology on a real PostgreSQL with pgvector — two `ROLE=api` processes and
 * one `ROLE=worker` on one database. Rate limits are shared by the API nodes, a revoked key stops
 * working on every node, an item accepted by one node is readable on the other at once, and a
 * deletion on an API node (the reactors run on the worker only) still erases the item before its 204.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createProject } from '../../commands/create-project/handler.js';
import { revokeApiKey } from '../../commands/revoke-api-key/handler.js';
import { loadConfig } from '../../src/config.js';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { expectEventually } from '../support/eventually.js';
import { startServe, type ServeProcess } from '../support/feedbackctl-process.js';
import { PostgresBinariesNotFoundError, PostgresExtensionNotFoundError, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';
import { testContext } from '../support/test-context.js';

const ORIGIN = 'https://app.example.com';

describe('scale-out: two API nodes and a worker on one PostgreSQL', function () {
  this.timeout(180_000);
  let server: PostgresServer | undefined;
  let databaseUrl: string;
  let dataDir: string;
  let runtime: Runtime;
  const nodes: ServeProcess[] = [];
  let api1: ServeProcess;
  let api2: ServeProcess;
  let keys: { projectId: string; secretKey: string; widgetKey: string };

  const call = (node: ServeProcess, route: string, init: RequestInit & { key: string }) =>
    fetch(`http://127.0.0.1:${node.port}${route}`, {
      ...init,
      headers: { Authorization: `Bearer ${init.key}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
    });

  before(async function () {
    try {
      server = await startPostgresServer({ extensions: ['vector'] });
    } catch (error) {
      if (error instanceof PostgresBinariesNotFoundError || error instanceof PostgresExtensionNotFoundError) {
        console.log(`    scale-out suite SKIPPED: ${error.message}`);
        this.skip();
      }
      throw error;
    }
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query('CREATE DATABASE scale_out');
    await admin.end();
    databaseUrl = server.urlFor('scale_out');
    dataDir = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
    runtime = await openRuntime(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), { holder: 'scale-out test', logger: createLogger('silent') });
    keys = await createProject(runtime, { name: 'Scaled', settings: { allowedOrigins: [ORIGIN] } }, testContext());
    const env = (role: string) => ({ DATABASE_URL: databaseUrl, ROLE: role });
    // Each node gets a data directory of its own: with DATABASE_URL nothing is kept there.
    api1 = await startServe(path.join(dataDir, 'api1'), { env: env('api') });
    api2 = await startServe(path.join(dataDir, 'api2'), { env: env('api') });
    nodes.push(api1, api2, await startServe(path.join(dataDir, 'worker'), { env: env('worker'), readyMessage: 'started' }));
  });
  after(async () => {
    for (const node of nodes) await node.stop();
    await runtime?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an item accepted by one API node is readable on the other right after the 202, and the worker analyses it', async () => {
    const accepted = await call(api1, '/api/v1/feedback', {
      method: 'POST',
      key: keys.secretKey,
      body: JSON.stringify({ text: 'Exporting to CSV times out' }),
    });
    expect(accepted.status).to.equal(202);
    const { id } = (await accepted.json()) as { id: string };
    const read = await call(api2, `/api/v1/feedback/${id}`, { key: keys.secretKey });
    expect(read.status).to.equal(200);
    await expectEventually(
      async () => {
        const item = (await (await call(api2, `/api/v1/feedback/${id}`, { key: keys.secretKey })).json()) as { status: string };
        expect(item.status).to.equal('processed');
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  });

  it('an item deleted on an API node (which leaves the reactors to the worker) is erased from the log before the 204', async () => {
    const accepted = await call(api1, '/api/v1/feedback', { method: 'POST', key: keys.secretKey, body: JSON.stringify({ text: 'Please delete me' }) });
    const { id } = (await accepted.json()) as { id: string };
    // The deletion waits for the worker's reactors (the erasure job) through their checkpoints.
    expect((await call(api2, `/api/v1/feedback/${id}`, { method: 'DELETE', key: keys.secretKey })).status).to.equal(204);
    expect((await call(api1, `/api/v1/feedback/${id}`, { key: keys.secretKey })).status).to.equal(404);
    expect(await runtime.store.readStream(feedbackStream(id))).to.deep.equal([]);
  });

  it('the API nodes share rate limits: 30 widget submissions a minute across both, then 429 on either', async () => {
    const submit = (node: ServeProcess, i: number) =>
      call(node, '/api/v1/feedback', { method: 'POST', key: keys.widgetKey, headers: { Origin: ORIGIN }, body: JSON.stringify({ text: `Widget note ${i}` }) });
    // Windows are clock minutes: start early in one, so that the 32 requests fall in the same window.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await submit(i % 2 ? api2 : api1, i)).status);
    expect(
      statuses.slice(0, 30).every((s) => s === 202),
      statuses.join(','),
    ).to.equal(true);
    expect(statuses.slice(30)).to.deep.equal([429, 429]);
  });

  it('a key revoked on the shared database stops working on both API nodes within a second or so', async () => {
    for (const node of [api1, api2]) expect((await call(node, '/api/v1/ping', { key: keys.secretKey })).status).to.equal(200);
    await revokeApiKey(runtime, keys.secretKey, testContext());
    const revokedAt = Date.now();
    for (const node of [api1, api2]) {
      await expectEventually(async () => expect((await call(node, '/api/v1/ping', { key: keys.secretKey })).status).to.equal(401), {
        timeoutMs: 5_000,
        intervalMs: 50,
      });
    }
    expect(Date.now() - revokedAt).to.be.lessThan(5_000);
  });
});
