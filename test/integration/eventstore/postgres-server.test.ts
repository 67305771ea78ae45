/**
 * PostgresEventStore against a real, throwaway PostgreSQL server (test/support/postgres-server.ts):
 * the shared contract, the no-skip test with concurrent writers and late commits, and optimistic
 * concurrency under contention. Skipped, saying so, when the server binaries are not installed.
 */
import { expect } from 'chai';
import pg from 'pg';
import { PoolDatabase } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type ExpectedRevision,
  type LogPosition,
  type RecordedEvent,
} from '../../../src/eventstore/event-store.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres-event-store.js';
import { eventStoreMigrations } from '../../../src/eventstore/postgres-event-store.migration.js';
import { BINARIES_NOT_FOUND, PostgresBinariesNotFoundError, startPostgresServer, type PostgresServer } from '../../support/postgres-server.js';
import { eventStoreContract, expectRejection } from './contract.js';
import { seededRandom } from '../../../src/support/seeded-random.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('PostgresEventStore on a real PostgreSQL server', function () {
  this.timeout(180_000);
  let server: PostgresServer | undefined;
  const pools: pg.Pool[] = [];
  let databaseCount = 0;

  before(async function () {
    try {
      // track_commit_timestamp lets the no-skip test prove that late commits really happened.
      server = await startPostgresServer({ settings: { track_commit_timestamp: 'on' } });
    } catch (error) {
      if (error instanceof PostgresBinariesNotFoundError) {
        console.log(`    PostgreSQL server suite SKIPPED: ${BINARIES_NOT_FOUND}`);
        this.skip();
      }
      throw error;
    }
    console.log(`    (PostgreSQL ${server.version} at ${server.url})`);
  });

  after(async function () {
    for (const pool of pools.splice(0)) await pool.end().catch(() => {});
    await server?.stop();
  });

  /** A new database on the server, migrated, behind a pool of `max` connections. */
  async function freshStore(max = 20): Promise<{ db: PoolDatabase; store: PostgresEventStore; pool: pg.Pool }> {
    if (!server) throw new Error('server not started');
    const name = `eventstore_${process.pid}_${(databaseCount += 1)}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const pool = new pg.Pool({ connectionString: server.urlFor(name), max });
    // An idle client's error (e.g. the server going away) would otherwise crash the process.
    pool.on('error', (error) => console.error(`      idle PostgreSQL client error: ${error.message}`));
    pools.push(pool);
    const db = new PoolDatabase('postgres', pool);
    await runMigrations(db, eventStoreMigrations);
    return { db, store: new PostgresEventStore(db), pool };
  }

  eventStoreContract('PostgresEventStore on a PostgreSQL server', async () => {
    const { db, store, pool } = await freshStore();
    return {
      store,
      async close() {
        await store.close();
        pools.splice(pools.indexOf(pool), 1);
        await db.close();
      },
    };
  });

  describe('log order across a transaction-id digit boundary', function () {
    it('orders readAll by transaction id as a number (…98 before 1000…), not as text', async function () {
      const { db, store } = await freshStore(4);
      const currentXid = async () => BigInt((await db.query<{ xid: string }>(`SELECT pg_current_xact_id()::text AS xid`)).rows[0].xid);
      /** Commits empty transactions that take a transaction id each, until the last one is at least `target`. */
      const burnUntil = async (target: bigint) => {
        for (let xid = await currentXid(); xid < target; xid = await currentXid()) {
          const count = Number(target - xid < 500n ? target - xid : 500n);
          await db.query(Array.from({ length: count }, () => 'BEGIN; SELECT pg_current_xact_id(); COMMIT;').join(' '));
        }
      };
      let boundary = 10n;
      while (boundary <= (await currentXid()) + 10n) boundary *= 10n;
      await burnUntil(boundary - 4n);
      const a = await store.append('digits', [{ type: 'A', data: {} }], 'no_stream');
      const b = await store.append('digits', [{ type: 'B', data: {} }], 0);
      await burnUntil(boundary);
      const c = await store.append('digits', [{ type: 'C', data: {} }], 1);
      expect(
        b.position.commit < boundary && c.position.commit >= boundary,
        `xids ${a.position.commit}, ${b.position.commit}, ${c.position.commit} straddle ${boundary}`,
      ).to.equal(true);

      expect((await store.readAll(START, 10)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
      expect((await store.readAll(a.position, 1)).map((e) => e.type)).to.deep.equal(['B']);
      expect((await store.readAll(b.position, 10)).map((e) => e.type)).to.deep.equal(['C']);
    });
  });

  describe('concurrent writers with late commits, and a reader following readAll', function () {
    it('the reader sees every event exactly once, and each stream in revision order', async function () {
      const WRITERS = 16;
      const APPENDS = 100;
      const OWN_STREAMS = 4;
      const HOT_STREAMS = 2;
      const READ_LIMIT = 37;
      const { db, store } = await freshStore(20);
      const random = seededRandom(20240611);

      const expectedKeys = new Set<string>();
      let heldTransactions = 0;
      let writersDone = false;

      async function writer(w: number): Promise<void> {
        const revisions = new Map<string, number>();
        for (let seq = 0; seq < APPENDS; seq += 1) {
          const hot = random() < 0.2;
          const stream = hot ? `hot-${Math.floor(random() * HOT_STREAMS)}` : `w${w}-s${Math.floor(random() * OWN_STREAMS)}`;
          const expected: ExpectedRevision = hot ? 'any' : (revisions.get(stream) ?? 'no_stream');
          const count = random() < 0.7 ? 1 : 2 + Math.floor(random() * 2);
          const events = Array.from({ length: count }, (_, j) => {
            const key = `${w}-${seq}-${j}`;
            expectedKeys.add(key);
            return { type: 'Written', data: { key, writer: w, seq } };
          });
          const hold = random() < 0.3;
          let result;
          if (hold) {
            heldTransactions += 1;
            const delayMs = 2 + Math.floor(random() * 12);
            const usePgSleep = random() < 0.5;
            // Insert, then keep the transaction open: its rows have a low transaction id but commit
            // after transactions that started later. A reader must wait for them, never skip them.
            result = await db.transaction(async (tx) => {
              const appended = await store.appendIn(tx, stream, events, expected);
              if (usePgSleep) await tx.query(`SELECT pg_sleep($1)`, [delayMs / 1000]);
              else await sleep(delayMs);
              return appended;
            });
            store.notifyAppended();
          } else {
            result = await store.append(stream, events, expected);
          }
          if (!hot) revisions.set(stream, result.nextRevision);
        }
      }

      // The reader under test, and a naive one without the in-flight guard for comparison.
      const seen: RecordedEvent[] = [];
      let readerRounds = 0;
      let batchesWhileWriting = 0;
      const reader = async () => {
        let position: LogPosition = START;
        const deadline = Date.now() + 120_000;
        while (Date.now() < deadline) {
          const batch = await store.readAll(position, READ_LIMIT);
          readerRounds += 1;
          expect(batch.length).to.be.at.most(READ_LIMIT);
          if (batch.length > 0) {
            if (!writersDone) batchesWhileWriting += 1;
            for (const event of batch) {
              expect(comparePositions(event.position, position), 'positions strictly increase').to.equal(1);
              position = event.position;
              seen.push(event);
            }
          } else if (writersDone && seen.length >= expectedKeys.size) {
            return;
          } else {
            await sleep(1);
          }
        }
        throw new Error(`reader timed out having seen ${seen.length} of ${expectedKeys.size} events`);
      };
      const naiveSeen = new Set<string>();
      const naiveReader = async () => {
        let position: LogPosition = START;
        for (;;) {
          const drained = writersDone; // every transaction has committed: one read to the end is complete
          const { rows } = await db.query<{ event_id: string; transaction_id: string; global_position: string }>(
            `SELECT event_id, transaction_id::text AS transaction_id, global_position FROM events
              WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
              ORDER BY events.transaction_id, events.global_position LIMIT $3`,
            [position.commit < 0n ? '0' : position.commit.toString(), position.prepare.toString(), READ_LIMIT],
          );
          for (const row of rows) {
            naiveSeen.add(row.event_id);
            position = { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) };
          }
          if (rows.length === 0) {
            if (drained) return;
            await sleep(1);
          }
        }
      };

      const started = Date.now();
      const readerDone = reader();
      const naiveDone = naiveReader();
      readerDone.catch(() => {}); // awaited below; avoids an unhandled-rejection warning meanwhile
      naiveDone.catch(() => {});
      try {
        await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      } finally {
        writersDone = true;
      }
      const writeMs = Date.now() - started;
      await Promise.all([readerDone, naiveDone]);

      // Every event exactly once, by event id, and the same set as the table holds.
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size, 'no event seen twice').to.equal(ids.length);
      const inTable = (await db.query<{ event_id: string }>(`SELECT event_id FROM events`)).rows.map((r) => r.event_id);
      expect(ids.length).to.equal(inTable.length);
      expect(new Set(ids)).to.deep.equal(new Set(inTable));
      const keys = seen.map((e) => e.data.key as string);
      expect(new Set(keys).size).to.equal(keys.length);
      expect(new Set(keys)).to.deep.equal(expectedKeys);

      // Per stream, in revision order with no gaps.
      const byStream = new Map<string, number[]>();
      for (const event of seen) {
        const list = byStream.get(event.stream) ?? [];
        list.push(event.revision);
        byStream.set(event.stream, list);
      }
      for (const [stream, revisions] of byStream) {
        expect(revisions, `revisions of ${stream}`).to.deep.equal(revisions.map((_, i) => i));
      }
      expect(byStream.size).to.equal(WRITERS * OWN_STREAMS + HOT_STREAMS);

      // Evidence that the scenario was exercised: transactions with a lower id committed after
      // ones with a higher id, and the reader consumed events while the writers were running.
      const late = await db.query<{ late: string }>(
        `WITH tx AS (
           SELECT DISTINCT transaction_id, pg_xact_commit_timestamp(transaction_id::text::xid) AS committed FROM events
         )
         SELECT count(*) AS late FROM tx a
          WHERE EXISTS (SELECT 1 FROM tx b WHERE b.transaction_id > a.transaction_id AND b.committed < a.committed)`,
      );
      const lateCommits = Number(late.rows[0].late);
      const naiveMissed = inTable.filter((id) => !naiveSeen.has(id)).length;
      console.log(
        `      ${WRITERS} writers x ${APPENDS} appends = ${inTable.length} events in ${writeMs} ms; ` +
          `${heldTransactions} transactions held open; ${lateCommits} transactions committed after a later one; ` +
          `reader: ${readerRounds} readAll calls, ${batchesWhileWriting} non-empty while writing, 0 missed, 0 duplicates; ` +
          `naive reader without the in-flight guard missed ${naiveMissed}`,
      );
      expect(lateCommits, 'late commits happened').to.be.greaterThan(0);
      expect(batchesWhileWriting, 'the reader followed the writers').to.be.greaterThan(0);
    });
  });

  describe('optimistic concurrency under contention', function () {
    it('of N concurrent appends with the same expected revision exactly one succeeds', async function () {
      const { store } = await freshStore(20);
      const N = 16;
      const ROUNDS = 10;
      for (let round = 0; round < ROUNDS; round += 1) {
        const stream = `contended-${round}`;
        const expected: ExpectedRevision = round % 2 === 0 ? 'no_stream' : 0;
        if (expected === 0) await store.append(stream, [{ type: 'Seed', data: {} }], 'no_stream');
        const outcomes = await Promise.allSettled(Array.from({ length: N }, (_, i) => store.append(stream, [{ type: 'Attempt', data: { i } }], expected)));
        const winners = outcomes.filter((o) => o.status === 'fulfilled');
        const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(winners, `round ${round}: winners`).to.have.length(1);
        expect(losers).to.have.length(N - 1);
        const winnerRevision = expected === 'no_stream' ? 0 : 1;
        expect((winners[0] as PromiseFulfilledResult<{ nextRevision: number }>).value.nextRevision).to.equal(winnerRevision);
        for (const loser of losers) {
          expect(loser.reason).to.be.instanceOf(WrongExpectedRevisionError);
          expect((loser.reason as WrongExpectedRevisionError).actual).to.equal(winnerRevision);
        }
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).to.deep.equal(expected === 'no_stream' ? [0] : [0, 1]);
      }
      // And a sequential follow-up at the stale revision still fails.
      await expectRejection(store.append('contended-1', [{ type: 'Late', data: {} }], 0), WrongExpectedRevisionError);
    });
  });
});
