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
import { inlineProjections, type AnyProjector } from '../../../src/projection-engine/projection.js';

/** Counts each item once, whatever the number of times `Noted` is applied; `poisoned` text makes it throw. */
const notes: AnyProjector = {
  kind: 'projector',
  name: 'notes',
  tables: ['notes'],
  handles: ['Noted'],
  inline: ['Noted'],
  migrations: [{ id: '9100_notes', sql: `CREATE TABLE notes (note_id text PRIMARY KEY, text text NOT NULL, seq numeric(20) NOT NULL)` }],
  async apply(event: RecordedEvent, tx: Queryable) {
    const { noteId, text } = event.data as { noteId: string; text: string };
    if (text === 'poisoned') throw new Error('this projection cannot apply it');
    await tx.query(`INSERT INTO notes (note_id, text, seq) VALUES ($1, $2, $3) ON CONFLICT (note_id) DO NOTHING`, [
      noteId,
      text,
      event.position.prepare.toString(),
    ]);
  },
};

describe('inline projections (PostgreSQL log): applied in the append transaction, again by the asynchronous pass', () => {
  let db: Database;
  let store: PostgresEventStore;
  const failures: string[] = [];

  beforeEach(async () => {
    failures.length = 0;
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    await runMigrations(db, [...eventStoreMigrations, ...checkpointMigrations, ...parkedEventMigrations, ...notes.migrations]);
    store = new PostgresEventStore(db, { projections: inlineProjections([notes]), onFailure: ({ projection }) => failures.push(projection) });
  });
  afterEach(async () => {
    await db.close();
  });

  const note = (noteId: string, text: string) => store.append(`note-${noteId}`, [{ type: 'Noted', data: { noteId, text } }], 'no_stream');
  const rows = async () => (await db.query<{ note_id: string; text: string; seq: string }>(`SELECT note_id, text, seq FROM notes ORDER BY note_id`)).rows;

  it('the row is there as soon as the append resolves, with no projection loop running', async () => {
    const results = await Promise.all([note('a', 'first'), note('b', 'second'), note('c', 'third')]);
    expect(results.every((result) => result.projectedInline === true)).to.equal(true);
    expect((await rows()).map((row) => row.note_id)).to.deep.equal(['a', 'b', 'c']);
  });

  it('the asynchronous pass applies the same events again without changing a row, and a rebuild gives the same rows', async () => {
    for (const id of ['a', 'b', 'c']) await note(id, `text ${id}`);
    const live = await rows();
    const engine = new ProjectionEngine(db, store, [notes], createLogger('silent'));
    await engine.catchUp();
    expect(await rows()).to.deep.equal(live);
    await engine.reset(['notes']);
    expect(await rows()).to.deep.equal([]);
    await engine.catchUp();
    expect(await rows()).to.deep.equal(live);
  });

  it('an event the projection cannot apply does not fail its append nor the others of its batch; the asynchronous pass parks it', async () => {
    const results = await Promise.all([note('a', 'fine'), note('p', 'poisoned'), note('b', 'fine too')]);
    expect(results.map((result) => result.nextRevision)).to.deep.equal([0, 0, 0]);
    expect(failures.length).to.be.greaterThan(0);
    expect(results[1].projectedInline, 'its batch took the asynchronous path').to.equal(undefined);
    expect((await store.readAll({ commit: -1n, prepare: -1n }, 10)).length).to.equal(3);
    const engine = new ProjectionEngine(db, store, [notes], createLogger('silent'), { maxAttempts: 1 });
    await engine.catchUp();
    expect((await rows()).map((row) => row.note_id)).to.deep.equal(['a', 'b']);
    const [status] = await engine.status();
    expect(status.parked.map((parked) => parked.stream)).to.deep.equal(['note-p']);
  });

  it('an event the projection defers (its effect depends on the log order) is left to the asynchronous pass, and its append says it waits for that projection', async () => {
    const deferring: AnyProjector = { ...notes, defersInline: (event) => (event.data as { text: string }).text === 'in log order' };
    store = new PostgresEventStore(db, { projections: inlineProjections([deferring]), onFailure: ({ projection }) => failures.push(projection) });
    const [now, later] = await Promise.all([note('a', 'at once'), note('d', 'in log order')]);
    expect(now.projectedInline).to.equal(true);
    expect(later.projectedInline).to.equal(undefined);
    expect(later.awaitingProjections).to.deep.equal(['notes']);
    expect(now.awaitingProjections).to.equal(undefined);
    expect(failures).to.deep.equal([]);
    expect((await rows()).map((row) => row.note_id)).to.deep.equal(['a']);
    await new ProjectionEngine(db, store, [deferring], createLogger('silent')).catchUp();
    expect((await rows()).map((row) => row.note_id)).to.deep.equal(['a', 'd']);
  });
});
