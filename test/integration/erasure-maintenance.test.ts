/**
 * The erasure maintenance pass: which tables an erasure asks it to rewrite, and (against a real,
 * throwaway PostgreSQL server, skipped when the binaries are missing) that it removes the erased
 * bytes there too, and that without superuser it still completes, warning once about the WAL.
 */
import { erasureJobsMigrations } from '../../src/reactors/queue-erasure/migration.js';
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PoolDatabase, type Database } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { openDatabase } from '../../src/db/open-database.js';
import { eventStoreMigrations } from '../../src/eventstore/postgres-event-store.migration.js';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.js';
import type { Logger } from '../../src/logger.js';
import { allConsumers, allMigrations } from '../../src/runtime.js';
import { runErasureMaintenance } from '../../src/work/erasure-maintenance.js';
import { finishErasure, tablesHoldingCopiesOf } from '../../src/work/erasure-requests.js';
import { workMigrations } from '../../src/work/migrations.js';
import { filesContaining as filesIn } from '../support/data-dir-search.js';
import { BINARIES_NOT_FOUND, PostgresBinariesNotFoundError, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const logger = { warnings, info() {}, debug() {}, error() {}, warn: (_: unknown, message: string) => warnings.push(message) };
  return logger as unknown as Logger & { warnings: string[] };
}

const pending = async (db: Database) =>
  (await db.query<{ table_name: string }>(`SELECT DISTINCT table_name FROM erasure_vacuum_requests ORDER BY 1`)).rows.map((row) => row.table_name);

describe('erasure maintenance pass', function () {
  this.timeout(120_000);

  describe('on embedded PGlite', () => {
    let db: Database;
    before(async () => {
      db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
      await runMigrations(db, allMigrations(allConsumers()));
    });
    after(() => db.close());

    it('rewrites only the tables the erasures since the last pass touched, then nothing until the next erasure', async () => {
      const logger = recordingLogger();
      expect(await runErasureMaintenance({ db, logger })).to.deep.equal([]);

      await finishErasure(db, 'cluster-label-cl_1-0');
      expect(await pending(db)).to.deep.equal(['clusters', 'events']);
      expect(await runErasureMaintenance({ db, logger })).to.deep.equal(['clusters', 'events']);
      expect(await runErasureMaintenance({ db, logger })).to.deep.equal([]);

      await finishErasure(db, 'feedback-fb_1');
      expect(await runErasureMaintenance({ db, logger })).to.deep.equal(['cluster_members', 'clusters', 'events', 'feedback_items']);
      expect(await pending(db)).to.deep.equal([]);
      expect(logger.warnings).to.deep.equal([]);
    });

    it("a user's erasure asks for every table that held their profile, and the pass rewrites them all", async () => {
      await finishErasure(db, 'user-p_1-abc');
      const requested = await pending(db);
      expect(requested).to.include.members([
        'users',
        'user_aliases',
        'user_value_marks',
        'user_feedback',
        'identity_suggestions',
        'user_band_history',
        'health_feedback_users',
        'user_health_due',
        'webhook_deliveries',
      ]);
      expect(await runErasureMaintenance({ db, logger: recordingLogger() })).to.deep.equal(requested);
      expect(await pending(db)).to.deep.equal([]);
    });

    it('closing the erasure job and requesting the rewrite happen together', async () => {
      await db.query(`INSERT INTO erasure_jobs (stream, commit_position, prepare_position) VALUES ('feedback-fb_2', 1, 1)`);
      await finishErasure(db, 'feedback-fb_2');
      expect((await db.query(`SELECT 1 FROM erasure_jobs`)).rowCount).to.equal(0);
      expect(await pending(db)).to.deep.equal(['cluster_members', 'clusters', 'events', 'feedback_items']);
      await runErasureMaintenance({ db, logger: recordingLogger() });
    });
  });

  describe('feedbackctl erasure-maintenance', () => {
    it('runs the pass on the data directory and names the tables it rewrote', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'erasure-cli-'));
      try {
        const db = await openDatabase({ dataDir: dir, holder: 'test' });
        await runMigrations(db, allMigrations(allConsumers()));
        await finishErasure(db, 'cluster-label-cl_1-0');
        await db.close();
        const root = fileURLToPath(new URL('../..', import.meta.url));
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' };
        delete env.DATABASE_URL;
        delete env.EVENTSTORE_URL;
        const run = () => spawnSync(process.execPath, [join(root, 'bin', 'feedbackctl.js'), 'erasure-maintenance'], { cwd: root, env, encoding: 'utf8' });
        const first = run();
        expect(first.status, first.stderr).to.equal(0);
        expect(first.stdout.trim()).to.equal('Rewritten: clusters, events');
        expect(run().stdout.trim()).to.equal('Nothing to do: no erasure since the last pass.');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('on a PostgreSQL server', () => {
    let server: PostgresServer | undefined;
    const pools: pg.Pool[] = [];

    before(async function () {
      try {
        server = await startPostgresServer({ settings: { wal_recycle: 'off' } });
      } catch (error) {
        if (error instanceof PostgresBinariesNotFoundError) {
          console.log(`    PostgreSQL server suite SKIPPED: ${BINARIES_NOT_FOUND}`);
          this.skip();
        }
        throw error;
      }
    });
    after(async () => {
      for (const pool of pools.splice(0)) await pool.end().catch(() => {});
      await server?.stop();
    });

    /** A fresh database with the log, the work tables and text tables shaped like the read models (pgvector is not installed). */
    async function freshDatabase(name: string, user = 'postgres'): Promise<Database> {
      const admin = new pg.Client({ connectionString: server!.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      if (user !== 'postgres') await admin.query(`CREATE ROLE ${user} LOGIN; ALTER DATABASE ${name} OWNER TO ${user}`);
      await admin.end();
      const pool = new pg.Pool({ connectionString: server!.urlFor(name).replace('postgres@', `${user}@`), max: 3 });
      pools.push(pool);
      const db = new PoolDatabase('postgres', pool);
      await runMigrations(db, [...eventStoreMigrations, ...workMigrations, ...erasureJobsMigrations]);
      await db.query(`CREATE TABLE feedback_items (feedback_id text PRIMARY KEY, text text NOT NULL);
        CREATE TABLE cluster_members (feedback_id text PRIMARY KEY, text text NOT NULL);
        CREATE TABLE clusters (cluster_id text PRIMARY KEY, label text NOT NULL)`);
      return db;
    }

    /** Writes `marker` (short, and long enough to be TOASTed) everywhere an item's text goes, then hard-deletes it. */
    async function writeAndErase(db: Database, marker: string): Promise<void> {
      const long = Array.from({ length: 300 }, (_, i) => `${marker}${(i * 7919) % 1000}`).join(' ');
      const stream = `feedback-fb_${Math.random().toString(36).slice(2)}`;
      const store = new PostgresEventStore(db);
      await store.append(stream, [{ type: 'FeedbackSubmitted', data: { text: long } }], 'no_stream');
      for (const table of ['feedback_items', 'cluster_members']) await db.query(`INSERT INTO ${table} VALUES ('fb_x', $1)`, [long]);
      await db.query(`INSERT INTO clusters VALUES ('cl_x', $1)`, [`${marker} / crash`]);
      await store.erase(stream);
      await db.query(`DELETE FROM feedback_items; DELETE FROM cluster_members; DELETE FROM clusters`);
      await finishErasure(db, stream);
    }

    async function filesContaining(db: Database, needle: string): Promise<string[]> {
      const root = (await db.query<{ data_directory: string }>(`SHOW data_directory`)).rows[0].data_directory;
      return filesIn(root, needle);
    }

    /** Writes `marker` into every table a user erasure names (shaped as text rows here), deletes the rows and closes the erasure of a user stream. */
    async function writeAndEraseUser(db: Database, marker: string): Promise<readonly string[]> {
      const tables = tablesHoldingCopiesOf('user-p_1-abc').filter((table) => table !== 'events');
      for (const table of tables) {
        await db.query(`CREATE TABLE IF NOT EXISTS ${table} (value text NOT NULL)`);
        await db.query(`CREATE INDEX IF NOT EXISTS ${table}_value ON ${table} (value)`);
        await db.query(`INSERT INTO ${table} VALUES ($1)`, [marker]);
      }
      const stream = `user-p_1-${Math.random().toString(36).slice(2)}`;
      await new PostgresEventStore(db).append(stream, [{ type: 'UserIdentified', data: { userId: marker } }], 'no_stream');
      await new PostgresEventStore(db).erase(stream);
      for (const table of tables) await db.query(`DELETE FROM ${table}`);
      await finishErasure(db, stream);
      return tables;
    }

    it("as superuser with wal_recycle=off: no file of the server's data directory holds the erased text", async () => {
      const db = await freshDatabase('erasure_superuser');
      const marker = `zqxserver${Date.now()}`;
      await writeAndErase(db, marker);
      await db.query('CHECKPOINT');
      expect(await filesContaining(db, marker), 'before the pass').to.not.deep.equal([]);
      const logger = recordingLogger();
      expect(await runErasureMaintenance({ db, logger })).to.deep.equal(['cluster_members', 'clusters', 'events', 'feedback_items']);
      expect(await filesContaining(db, marker)).to.deep.equal([]);
      expect(logger.warnings).to.deep.equal([]);
    });

    it("as superuser: no file holds a user's erased profile values (every user table and index)", async () => {
      const db = await freshDatabase('erasure_user');
      const marker = `zqxuser${Date.now()}`;
      const tables = await writeAndEraseUser(db, marker);
      await db.query('CHECKPOINT');
      expect(await filesContaining(db, marker), 'before the pass').to.not.deep.equal([]);
      expect(await runErasureMaintenance({ db, logger: recordingLogger() })).to.have.members(['events', ...tables]);
      expect(await filesContaining(db, marker)).to.deep.equal([]);
    });

    it('as a non-superuser granted pg_switch_wal and pg_checkpoint: the WAL copies are gone too', async () => {
      const db = await freshDatabase('erasure_granted', 'app_granted');
      // A function's privileges belong to each database: granted in the service's own.
      const admin = new pg.Client({ connectionString: server!.urlFor('erasure_granted') });
      await admin.connect();
      await admin.query(`GRANT EXECUTE ON FUNCTION pg_switch_wal() TO app_granted; GRANT pg_checkpoint TO app_granted`);
      await admin.end();
      const marker = `zqxgranted${Date.now()}`;
      await writeAndErase(db, marker);
      const logger = recordingLogger();
      await runErasureMaintenance({ db, logger });
      expect(logger.warnings).to.deep.equal([]);
      const superuser = new PoolDatabase('postgres', new pg.Pool({ connectionString: server!.url, max: 1 }));
      try {
        expect(await filesContaining(superuser, marker)).to.deep.equal([]);
      } finally {
        await superuser.close();
      }
    });

    it("as the tables' non-superuser owner: the tables are rewritten, the WAL step is skipped with one warning", async () => {
      const db = await freshDatabase('erasure_owner', 'app_owner');
      const logger = recordingLogger();
      for (const round of [1, 2]) {
        await writeAndErase(db, `zqxowner${round}`);
        expect(await runErasureMaintenance({ db, logger })).to.deep.equal(['cluster_members', 'clusters', 'events', 'feedback_items']);
      }
      expect(logger.warnings).to.have.length(1);
      expect(logger.warnings[0]).to.match(/WAL/);
      expect(await pending(db)).to.deep.equal([]);
    });
  });
});
