import { expect } from 'chai';
import type { Database, Queryable } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import type { RecordedEvent } from '../../../src/eventstore/event-store.js';
import { eventStoreMigrations } from '../../../src/eventstore/postgres-event-store.migration.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres-event-store.js';
import { createLogger } from '../../../src/logger.js';
import { checkpointMigrations, readCheckpoint } from '../../../src/projection-engine/checkpoints.js';
import { FollowedConsumers } from '../../../src/projection-engine/followed-consumers.js';
import { parkedEventMigrations } from '../../../src/projection-engine/parked-events.js';
import { ProjectionEngine } from '../../../src/projection-engine/projection-engine.js';
import type { AnyProjector, AnyReactor } from '../../../src/projection-engine/projection.js';

/** The worker's reactor: a work row per `Queued` event. */
const queue: AnyReactor = {
  kind: 'reactor',
  name: 'queue',
  handles: ['Queued'],
  migrations: [{ id: '9200_jobs', sql: `CREATE TABLE jobs (job_id text PRIMARY KEY)` }],
  async apply(event: RecordedEvent, tx: Queryable) {
    await tx.query(`INSERT INTO jobs (job_id) VALUES ($1) ON CONFLICT DO NOTHING`, [(event.data as { id: string }).id]);
  },
};

/** A read model both processes apply. */
const notes: AnyProjector = {
  kind: 'projector',
  name: 'notes',
  tables: ['notes'],
  handles: ['Noted'],
  migrations: [{ id: '9201_notes', sql: `CREATE TABLE notes (note_id text PRIMARY KEY)` }],
  async apply(event: RecordedEvent, tx: Queryable) {
    await tx.query(`INSERT INTO notes (note_id) VALUES ($1) ON CONFLICT DO NOTHING`, [(event.data as { id: string }).id]);
  },
};

describe('followed consumers: an API node waits for the reactors the worker applies, through their checkpoints', () => {
  let db: Database;
  let store: PostgresEventStore;
  let api: ProjectionEngine;
  let worker: ProjectionEngine;

  beforeEach(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    await runMigrations(db, [...eventStoreMigrations, ...checkpointMigrations, ...parkedEventMigrations, ...queue.migrations, ...notes.migrations]);
    store = new PostgresEventStore(db);
    const logger = createLogger('silent');
    api = new ProjectionEngine(db, store, [notes], logger, { followed: new FollowedConsumers(db, [queue]), followPollMs: 5 });
    worker = new ProjectionEngine(db, store, [notes, queue], logger, { storeIdleCheckpoints: ['queue'] });
  });
  afterEach(async () => {
    await db.close();
  });

  const append = (type: string, id: string) => store.append(`${type}-${id}`, [{ type, data: { id } }], 'no_stream');
  const jobs = async () => (await db.query<{ job_id: string }>(`SELECT job_id FROM jobs ORDER BY job_id`)).rows.map((row) => row.job_id);

  it('waitFor is false while the worker has not applied the reactor, and true once it has (its effect is there)', async () => {
    const { position } = await append('Queued', 'j1');
    expect(await api.waitFor(position, 100), 'nobody applied the reactor yet').to.equal(false);
    await worker.catchUp();
    expect(await api.waitFor(position, 100)).to.equal(true);
    expect(await jobs()).to.deep.equal(['j1']);
  });

  it("waiting for named projections (an append's awaitingProjections) never waits for the worker's reactors", async () => {
    const { position } = await append('Queued', 'j1');
    expect(await api.waitFor(position, 100), 'every consumer: the reactor has not run').to.equal(false);
    expect(await api.waitFor(position, 100, ['notes']), 'notes alone').to.equal(true);
    expect(await api.waitForAppend({ nextRevision: 0, position, awaitingProjections: ['notes'] })).to.equal(true);
    expect(await jobs(), 'the reactor has still not run').to.deep.equal([]);
  });

  it('an event the reactor ignores is reached at once, though its stored checkpoint is behind', async () => {
    const queued = await append('Queued', 'j1');
    await worker.catchUp();
    const noted = await append('Noted', 'n1');
    expect(await readCheckpoint(db, 'queue')).to.deep.equal(queued.position);
    expect(await api.waitFor(noted.position, 100)).to.equal(true);
    const again = await append('Queued', 'j2');
    expect(await api.waitFor(again.position, 100), 'a job the worker has not queued yet').to.equal(false);
  });

  it('the worker stores the checkpoint of a reactor that a batch moves past without work', async () => {
    await append('Queued', 'j1');
    await worker.catchUp();
    const noted = await append('Noted', 'n1');
    await worker.catchUp();
    expect(await readCheckpoint(db, 'queue')).to.deep.equal(noted.position);
  });
});
