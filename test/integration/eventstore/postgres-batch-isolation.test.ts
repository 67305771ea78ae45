/**
 * Concurrent appends share one transaction (the store batches them). A request that fails, whether
 * refused before the database (text jsonb cannot hold) or inside it, must fail alone: every other
 * member of its batch is stored. On in-memory PGlite and on a throwaway PostgreSQL server.
 */
import { expect } from 'chai';
import pg from 'pg';
import type { Database } from '../../../src/db/database.js';
import { PoolDatabase } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { WrongExpectedRevisionError, type NewEvent } from '../../../src/eventstore/event-store.js';
import { UnstorableEventError, prepareAppend } from '../../../src/eventstore/postgres-append.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres-event-store.js';
import { eventStoreMigrations } from '../../../src/eventstore/postgres-event-store.migration.js';
import { BINARIES_NOT_FOUND, PostgresBinariesNotFoundError, startPostgresServer, type PostgresServer } from '../../support/postgres-server.js';

const BAD_DATA: { label: string; event: NewEvent }[] = [
  { label: 'NUL in a value', event: { type: 'Submitted', data: { text: 'before\u0000after' } } },
  { label: 'lone high surrogate', event: { type: 'Submitted', data: { text: 'broken \ud800 emoji' } } },
  { label: 'lone low surrogate in a nested array', event: { type: 'Submitted', data: { tags: ['ok', { deep: '\udc00' }] } } },
  { label: 'NUL in a key', event: { type: 'Submitted', data: { ['k\u0000']: 1 } } },
  { label: 'surrogate in metadata', event: { type: 'Submitted', data: {}, metadata: { correlationId: '\udbff!' } } },
];

/** A trigger that makes the database refuse one event type: a failure inside the shared transaction. */
async function refuseTypeInDatabase(db: Database, type: string): Promise<void> {
  await db.query(`
    CREATE FUNCTION refuse_type() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.type = '${type}' THEN RAISE EXCEPTION 'refused by test trigger' USING ERRCODE = '22023'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_type BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_type();`);
}

function isolationSuite(label: string, openStore: () => Promise<{ db: Database; store: PostgresEventStore }>, scale: number) {
  describe(label, function () {
    it('a batch with unstorable data: only the bad requests fail (UnstorableEventError), every other one is stored', async () => {
      const { store } = await openStore();
      const good = Array.from({ length: 10 * scale }, (_, i) => `good-${i}`);
      const appends = good.map((stream) => ({ stream, event: { type: 'Submitted', data: { text: `fine ${stream} 😀 C:\\u0000 literal` } } as NewEvent }));
      // Bad requests spread through the batch rather than at its end.
      BAD_DATA.forEach(({ event }, i) => appends.splice(1 + i * 2, 0, { stream: `bad-${i}`, event }));
      const outcomes = await Promise.allSettled(appends.map(({ stream, event }) => store.append(stream, [event], 'no_stream')));

      outcomes.forEach((outcome, i) => {
        const { stream } = appends[i];
        if (stream.startsWith('good-')) expect(outcome.status, `${stream}: ${outcome.status === 'rejected' ? outcome.reason : ''}`).to.equal('fulfilled');
        else {
          expect(outcome.status, stream).to.equal('rejected');
          expect((outcome as PromiseRejectedResult).reason).to.be.instanceOf(UnstorableEventError);
        }
      });
      for (const stream of good) {
        const events = await store.readStream(stream);
        expect(events.map((e) => e.data.text)).to.deep.equal([`fine ${stream} 😀 C:\\u0000 literal`]);
      }
      for (let i = 0; i < BAD_DATA.length; i++) expect(await store.readStream(`bad-${i}`), BAD_DATA[i].label).to.deep.equal([]);
    });

    it('a request the database refuses inside the shared transaction fails alone; the others keep their order and revisions', async () => {
      const { db, store } = await openStore();
      await refuseTypeInDatabase(db, 'Explodes');
      const streams = Array.from({ length: 10 * scale }, (_, i) => `stream-${i}`);
      const warmUp = store.append('warm-up', [{ type: 'First', data: {} }], 'no_stream'); // goes alone; the rest queue behind it
      const appends = streams.map((stream, i) => store.append(stream, [{ type: i === 3 ? 'Explodes' : 'Written', data: { i } }], 'no_stream'));
      // Three appends to one stream in the same batch: the retry must keep them in order.
      const ordered = [0, 1, 2].map((n) => store.append('ordered', [{ type: 'Step', data: { n } }], n === 0 ? 'no_stream' : n - 1));
      const stale = store.append('ordered', [{ type: 'Step', data: { n: 'stale' } }], 0);
      const outcomes = await Promise.allSettled([warmUp, ...appends, ...ordered, stale]);

      const [, ...rest] = outcomes;
      const mine = rest.slice(0, streams.length);
      mine.forEach((outcome, i) => expect(outcome.status, streams[i]).to.equal(i === 3 ? 'rejected' : 'fulfilled'));
      expect((mine[3] as PromiseRejectedResult).reason.message).to.contain('refused by test trigger');
      expect(rest.slice(streams.length, streams.length + 3).map((o) => o.status)).to.deep.equal(['fulfilled', 'fulfilled', 'fulfilled']);
      expect((rest[rest.length - 1] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevisionError);

      for (const [i, stream] of streams.entries()) expect((await store.readStream(stream)).length, stream).to.equal(i === 3 ? 0 : 1);
      expect((await store.readStream('ordered')).map((e) => [e.revision, e.data.n])).to.deep.equal([
        [0, 0],
        [1, 1],
        [2, 2],
      ]);
    });
  });
}

describe('PostgresEventStore batch isolation', function () {
  this.timeout(180_000);

  describe('prepareAppend: finds what jsonb and text columns refuse, cheaply and without false alarms', () => {
    const check =
      (data: Record<string, unknown>, stream = 's', type = 'T') =>
      () =>
        prepareAppend({ stream, events: [{ type, data }], expected: 'any' });
    it('refuses NUL and unpaired surrogates anywhere in the data, the stream name or the type', () => {
      for (const { label, event } of BAD_DATA) {
        expect(() => prepareAppend({ stream: 's', events: [event], expected: 'any' }), label).to.throw(UnstorableEventError);
      }
      expect(check({ a: `\\\u0000` }), 'NUL after an escaped backslash').to.throw(UnstorableEventError);
      expect(check({}, 'stream\u0000')).to.throw(UnstorableEventError, /in its stream/);
      expect(check({}, 's', 'Type\ud800')).to.throw(UnstorableEventError, /in its type/);
    });
    it('accepts paired surrogates, other control characters and the literal text "\\u0000"', () => {
      expect(check({ text: '😀 𝄞 \u0001\u001f\t\n', literal: '\\u0000 \\ud800', doubled: '\\\\u0000' })).to.not.throw();
      const error = (() => {
        try {
          check({ text: 'secret words \u0000' })();
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error!.message, 'the message never holds the data').to.not.contain('secret');
    });
  });

  describe('on in-memory PGlite', () => {
    const opened: Database[] = [];
    after(async () => {
      for (const db of opened.splice(0)) await db.close();
    });
    isolationSuite(
      'in-memory',
      async () => {
        const db = await openDatabase({ dataDir: 'memory://', holder: 'batch isolation test' });
        opened.push(db);
        await runMigrations(db, eventStoreMigrations);
        return { db, store: new PostgresEventStore(db) };
      },
      3,
    );
  });

  describe('on a PostgreSQL server', function () {
    let server: PostgresServer | undefined;
    const pools: pg.Pool[] = [];
    let databases = 0;

    before(async function () {
      try {
        server = await startPostgresServer();
      } catch (error) {
        if (error instanceof PostgresBinariesNotFoundError) {
          console.log(`    PostgreSQL batch isolation suite SKIPPED: ${BINARIES_NOT_FOUND}`);
          this.skip();
        }
        throw error;
      }
      console.log(`    (PostgreSQL ${server.version} at ${server.url})`);
    });
    after(async () => {
      for (const pool of pools.splice(0)) await pool.end().catch(() => {});
      await server?.stop();
    });

    async function freshStore(): Promise<{ db: Database; store: PostgresEventStore }> {
      const name = `isolation_${process.pid}_${(databases += 1)}`;
      const admin = new pg.Client({ connectionString: server!.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
      const pool = new pg.Pool({ connectionString: server!.urlFor(name), max: 10 });
      pool.on('error', (error) => console.error(`      idle PostgreSQL client error: ${error.message}`));
      pools.push(pool);
      const db = new PoolDatabase('postgres', pool);
      await runMigrations(db, eventStoreMigrations);
      return { db, store: new PostgresEventStore(db) };
    }

    it('two projects submit concurrently, one of them with bad text: every good submission of both is stored', async () => {
      const { db, store } = await freshStore();
      const GOOD_A = 300;
      const B = 100;
      const submissions = [
        ...Array.from({ length: GOOD_A }, (_, i) => ({ project: 'a', stream: `feedback-a-${i}`, text: `Project A item ${i}`, bad: false })),
        ...Array.from({ length: B }, (_, i) => ({
          project: 'b',
          stream: `feedback-b-${i}`,
          text: i % 3 === 0 ? `NUL \u0000 ${i}` : i % 3 === 1 ? `surrogate \ud800 ${i}` : `Project B item ${i}`,
          bad: i % 3 !== 2,
        })),
      ];
      // Interleaved, in waves, as requests from two tenants would arrive.
      submissions.sort((x, y) => (Number(x.stream.split('-')[2]) % 50) - (Number(y.stream.split('-')[2]) % 50));
      const outcomes: PromiseSettledResult<unknown>[] = [];
      for (let wave = 0; wave < submissions.length; wave += 100) {
        const slice = submissions.slice(wave, wave + 100);
        outcomes.push(
          ...(await Promise.allSettled(
            slice.map(({ stream, text, project }) => store.append(stream, [{ type: 'FeedbackSubmitted', data: { text, project } }], 'no_stream')),
          )),
        );
      }
      const failedGood = submissions.filter((s, i) => !s.bad && outcomes[i].status === 'rejected');
      const acceptedBad = submissions.filter((s, i) => s.bad && outcomes[i].status === 'fulfilled');
      expect(
        failedGood.map((s) => s.stream),
        'good submissions that failed',
      ).to.deep.equal([]);
      expect(
        acceptedBad.map((s) => s.stream),
        'bad submissions that were accepted',
      ).to.deep.equal([]);
      for (const [i, s] of submissions.entries()) if (s.bad) expect((outcomes[i] as PromiseRejectedResult).reason).to.be.instanceOf(UnstorableEventError);

      const stored = await db.query<{ stream: string; text: string }>(`SELECT stream, data->>'text' AS text FROM events`);
      const expected = submissions
        .filter((s) => !s.bad)
        .map((s) => `${s.stream}:${s.text}`)
        .sort();
      expect(stored.rows.map((r) => `${r.stream}:${r.text}`).sort()).to.deep.equal(expected);
      console.log(
        `      ${GOOD_A} good appends of project A, ${B} of project B (${B - expected.length + GOOD_A} bad): all ${expected.length} good ones stored`,
      );
    });

    isolationSuite('the same isolation checks', freshStore, 10);
  });
});
