import { expect } from 'chai';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { WireStream } from '../../../src/db/wire-stream.js';
import { pgliteBackend } from '../../../src/db/pglite-backend.js';

describe('pg talking to PGlite through a wire-protocol stream', () => {
  let lite: PGlite;
  const connect = async () => {
    const backend = pgliteBackend(lite);
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => new WireStream(backend) });
    await client.connect();
    return client;
  };

  before(async () => {
    lite = new PGlite('memory://');
    await lite.waitReady;
  });
  after(() => lite.close());

  it('runs parameterised queries, typed as pg types them, and several statements in one simple query', async () => {
    const client = await connect();
    const { rows } = await client.query('SELECT $1::int + 1 AS next, $2::text AS word, $3::jsonb AS doc', [41, 'zwölf 🐘', { a: [1, 2] }]);
    expect(rows).to.deep.equal([{ next: 42, word: 'zwölf 🐘', doc: { a: [1, 2] } }]);
    const results = (await client.query('CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2); SELECT sum(n) AS total FROM t')) as unknown as pg.QueryResult[];
    expect(results.at(-1)!.rows).to.deep.equal([{ total: '3' }]);
    await client.end();
  });

  it('reports a failing statement as PostgreSQL does (its code) and answers the next one', async () => {
    const client = await connect();
    const failure = await client.query('SELECT * FROM no_such_table WHERE id = $1', [1]).catch((error: unknown) => error);
    expect(failure).to.have.property('code', '42P01');
    await client.query('BEGIN');
    await client.query('SELECT 1 / 0').catch(() => {});
    const aborted = await client.query('SELECT 1').catch((error: unknown) => error);
    expect(aborted).to.have.property('code', '25P02');
    await client.query('ROLLBACK');
    expect((await client.query('SELECT 2 AS two')).rows).to.deep.equal([{ two: 2 }]);
    await client.end();
  });

  it('a connection that ends inside a transaction leaves nothing of it to the next one', async () => {
    const first = await connect();
    await first.query('BEGIN');
    await first.query('CREATE TABLE half_done (n int)');
    await first.end();
    const next = await connect();
    expect((await next.query(`SELECT to_regclass('half_done') AS found`)).rows).to.deep.equal([{ found: null }]);
    expect((await next.query('SELECT 1 AS one')).rows).to.deep.equal([{ one: 1 }]);
    await next.end();
  });

  it('carries large statements and answers whole (a 3 MB text each way)', async () => {
    const client = await connect();
    const big = 'ä€'.repeat(600_000);
    const { rows } = await client.query('SELECT $1::text AS echoed, length($1) AS chars', [big]);
    expect(rows[0].chars).to.equal(1_200_000);
    expect(rows[0].echoed === big).to.equal(true);
    await client.end();
  });

  it('keeps nothing of the answers it has passed on (2,000 answers of 20 kB leave the heap as it was)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collectGarbage = vm.runInNewContext('gc') as () => void;
    const client = await connect();
    const answerMany = async () => {
      for (let i = 0; i < 2000; i++) await client.query('SELECT repeat($1, 20000) AS filler', ['x']);
    };
    await answerMany();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    await answerMany();
    collectGarbage();
    const grownMiB = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    // Kept answers would be 2,000 × 20 kB = 38 MiB more.
    expect(grownMiB).to.be.below(8);
    await client.end();
  });
});
