/**
 * Durability is unchanged by the fast write path. `feedbackctl serve` is killed
 * with SIGKILL while requests are in flight; once started again, every item that got a 202 is there.
 * On the embedded database and on a PostgreSQL server.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createProject } from '../../commands/create-project/handler.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime } from '../../src/runtime.js';
import { startServe, type ServeProcess } from '../support/feedbackctl-process.js';
import { PostgresBinariesNotFoundError, PostgresExtensionNotFoundError, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';
import { testContext } from '../support/test-context.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends feedback over `connections` loops until the process dies; returns the ids that got a 202. */
async function loadUntilKilled(
  node: ServeProcess,
  key: string,
  connections: number,
  killAfterAccepted: number,
): Promise<{ accepted: string[]; failed: number }> {
  const accepted: string[] = [];
  let failed = 0;
  let dead = false;
  const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
  const loop = async (connection: number) => {
    for (let i = 0; !dead; i++) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.port}/api/v1/feedback`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: `The export keeps timing out (connection ${connection}, request ${i})` }),
        });
        if (response.status === 202) accepted.push(((await response.json()) as { id: string }).id);
        else failed++;
      } catch {
        failed++; // the connection died with the process: no 202, no promise made
        await sleep(10);
      }
      if (accepted.length >= killAfterAccepted && node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    }
  };
  const loops = Array.from({ length: connections }, (_, c) => loop(c));
  await exited;
  dead = true;
  await Promise.all(loops);
  return { accepted, failed };
}

async function expectAllThere(node: ServeProcess, key: string, ids: string[]): Promise<void> {
  const missing: string[] = [];
  for (const id of ids) {
    const response = await fetch(`http://127.0.0.1:${node.port}/api/v1/feedback/${id}`, { headers: { Authorization: `Bearer ${key}` } });
    if (response.status !== 200) missing.push(`${id}: ${response.status}`);
  }
  expect(missing, 'items that got a 202 and were lost').to.deep.equal([]);
}

for (const engine of ['embedded', 'postgres'] as const) {
  describe(`kill -9 under load loses no accepted item (${engine === 'embedded' ? 'embedded database' : 'PostgreSQL server'})`, function () {
    this.timeout(240_000);
    let server: PostgresServer | undefined;
    let dataDir: string;
    const env: Record<string, string> = {};
    let key: string;
    const started: ServeProcess[] = [];

    before(async function () {
      dataDir = mkdtempSync(path.join(tmpdir(), 'kill-under-load-'));
      if (engine === 'postgres') {
        try {
          server = await startPostgresServer({ extensions: ['vector'] });
        } catch (error) {
          if (error instanceof PostgresBinariesNotFoundError || error instanceof PostgresExtensionNotFoundError) {
            console.log(`    PostgreSQL pass SKIPPED: ${error.message}`);
            this.skip();
          }
          throw error;
        }
        const admin = new pg.Client(server.url);
        await admin.connect();
        await admin.query('CREATE DATABASE killed');
        await admin.end();
        env.DATABASE_URL = server.urlFor('killed');
      }
      const runtime = await openRuntime(loadConfig({ ...env, DATA_DIR: path.join(dataDir, 'data'), LOG_LEVEL: 'silent' }), {
        holder: 'kill-under-load test',
        logger: createLogger('silent'),
      });
      try {
        key = (await createProject(runtime, { name: 'Killed' }, testContext())).secretKey;
      } finally {
        await runtime.close();
      }
    });
    after(async () => {
      for (const node of started) await node.stop();
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('SIGKILL while 8 connections submit: after a restart every item that got a 202 is readable', async () => {
      const first = await startServe(path.join(dataDir, 'data'), { env });
      started.push(first);
      const { accepted, failed } = await loadUntilKilled(first, key, 8, 40);
      expect(first.child.signalCode).to.equal('SIGKILL');
      expect(accepted.length).to.be.at.least(40);
      const second = await startServe(path.join(dataDir, 'data'), { env });
      started.push(second);
      await expectAllThere(second, key, accepted);
      console.log(`      ${accepted.length} items got a 202 before the kill, ${failed} requests died with it; all ${accepted.length} readable after restart`);
    });
  });
}
