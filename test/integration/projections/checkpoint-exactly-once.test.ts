import { expect } from 'chai';
import type { Database, Queryable } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import type { RecordedEvent } from '../../../src/eventstore/event-store.js';
import { eventStoreMigrations } from '../../../src/eventstore/postgres-event-store.migration.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres-event-store.js';
import { createLogger } from '../../../src/logger.js';
import { checkpointMigrations } from '../../../src/projection-engine/checkpoints.js';
import { parkedEventMigrations } from '../../../src/projection-engine/parked-events.js';
import { ProjectionEngine } from '../../../src/projection-engine/projection-engine.js';
import type { AnyProjector } from '../../../src/projection-engine/projection.js';

/** Records every application of every event; a failure is simulated by throwing once, at a chosen event. */
function countingProjection(crashAt: { eventNumber: number } | undefined): AnyProjector {
  let seen = 0;
  return {
    kind: 'projector',
    name: 'counting',
    tables: ['applied_events'],
    handles: ['Happened'],
    migrations: [{ id: '9000_applied_events', sql: `CREATE TABLE applied_events (event_id uuid NOT NULL, stream text NOT NULL, revision int NOT NULL)` }],
    async apply(event: RecordedEvent, tx: Queryable) {
      seen += 1;
      await tx.query(`INSERT INTO applied_events (event_id, stream, revision) VALUES ($1, $2, $3)`, [event.id, event.stream, event.revision]);
      if (crashAt && seen === crashAt.eventNumber) throw new Error('simulated crash in the middle of a batch');
    },
  };
}

describe('projection checkpoints: exactly once across a crash (DESIGN: read side)', () => {
  let db: Database;
  let store: PostgresEventStore;
  const logger = createLogger('silent');

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    await runMigrations(db, [...eventStoreMigrations, ...checkpointMigrations, ...parkedEventMigrations, ...countingProjection(undefined).migrations]);
    store = new PostgresEventStore(db);
    for (let i = 0; i < 95; i++) {
      await store.append(`s-${i % 7}`, [{ type: 'Happened', data: { i } }], 'any');
    }
  });
  after(() => db.close());

  it('applies each event exactly once when a batch fails half-way and when a new process takes over', async () => {
    // Batches of 10; the 4th batch fails half-way (event 35), once: its transaction is rolled back
    // and its events are applied again one by one.
    const failingOnce = new ProjectionEngine(db, store, [countingProjection({ eventNumber: 35 })], logger, { batchSize: 10 });
    expect(await failingOnce.catchUp()).to.equal(95);
    // A new process starts from the stored checkpoint and finds nothing left to do.
    const restarted = new ProjectionEngine(db, store, [countingProjection(undefined)], logger, { batchSize: 10 });
    expect(await restarted.catchUp()).to.equal(0);
    const totals = await db.query<{ n: string; distinct_events: string }>(
      `SELECT count(*) AS n, count(DISTINCT event_id) AS distinct_events FROM applied_events`,
    );
    expect(Number(totals.rows[0].n)).to.equal(95); // the failed transaction left nothing behind
    expect(Number(totals.rows[0].distinct_events)).to.equal(95);

    // Per stream, the events were applied in revision order.
    const order = await db.query<{ stream: string; revisions: number[] }>(
      `SELECT stream, array_agg(revision ORDER BY ctid) AS revisions FROM applied_events GROUP BY stream`,
    );
    for (const row of order.rows) expect(row.revisions).to.deep.equal([...row.revisions].sort((a, b) => a - b));
  });

  it('a second engine over the same checkpoint applies nothing twice', async () => {
    const again = new ProjectionEngine(db, store, [countingProjection(undefined)], logger, { batchSize: 10 });
    const processed = await again.catchUp();
    expect(processed).to.equal(0);
    const totals = await db.query<{ n: string }>(`SELECT count(*) AS n FROM applied_events`);
    expect(Number(totals.rows[0].n)).to.equal(95);
  });
});
