/**
 * The throwaway PostgreSQL server (test/support/postgres-server.ts) with pgvector, as
 * `TEST_DATABASE=postgres` uses it: the service opens a database on it and runs all its
 * migrations. Skipped, saying so, when the binaries or pgvector are not installed
 * (ops/install-postgres.sh installs both).
 */
import { expect } from 'chai';
import pg from 'pg';
import { runMigrations } from '../../src/db/migrations.js';
import { openDatabase } from '../../src/db/open-database.js';
import { allConsumers, allMigrations } from '../../src/runtime.js';
import { PostgresBinariesNotFoundError, PostgresExtensionNotFoundError, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';

describe('a throwaway PostgreSQL server with pgvector', function () {
  this.timeout(120_000);
  let server: PostgresServer | undefined;

  before(async function () {
    try {
      server = await startPostgresServer({ extensions: ['vector'] });
    } catch (error) {
      if (error instanceof PostgresBinariesNotFoundError || error instanceof PostgresExtensionNotFoundError) {
        console.log(`    pgvector suite SKIPPED: ${error.message}`);
        this.skip();
      }
      throw error;
    }
  });
  after(() => server?.stop());

  it('the service opens a fresh database on it and runs every migration', async () => {
    const admin = new pg.Client(server!.url);
    await admin.connect();
    await admin.query('CREATE DATABASE pgvector_check');
    await admin.end();

    const db = await openDatabase({ databaseUrl: server!.urlFor('pgvector_check'), dataDir: 'memory://', holder: 'test' });
    try {
      expect(db.engine).to.equal('postgres');
      await runMigrations(db, allMigrations(allConsumers()));
      const distance = await db.query<{ d: number }>(`SELECT '[1,0]'::vector <=> '[0,1]'::vector AS d`);
      expect(distance.rows[0].d).to.equal(1);
    } finally {
      await db.close();
    }
  });
});
