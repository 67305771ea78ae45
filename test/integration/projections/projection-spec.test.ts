/** The projection specification helper itself: it must fail when the projection does not do its job. */
import { AssertionError, expect } from 'chai';
import type { Queryable } from '../../../src/db/database.js';
import type { RecordedEvent } from '../../../src/eventstore/event-store.js';
import type { AnyProjector } from '../../../src/projection-engine/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

/** Keeps one row per `Noted` event; throws on `Broken`; does not list `Ignored` in `handles`. */
const notesProjection: AnyProjector = {
  kind: 'projector',
  name: 'notes',
  tables: ['notes'],
  handles: ['Noted', 'Broken'],
  migrations: [{ id: '9100_notes', sql: `CREATE TABLE notes (text text NOT NULL, seq numeric(20) NOT NULL)` }],
  async apply(event: RecordedEvent, tx: Queryable) {
    if (event.type === 'Broken') throw new Error('cannot apply a Broken event');
    await tx.query(`INSERT INTO notes (text, seq) VALUES ($1, $2)`, [event.data.text, event.position.prepare.toString()]);
  },
};
const noted = (text: string) => ({ type: 'Noted', data: { text } });
const NOTES = `SELECT text FROM notes ORDER BY seq`;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the specification to fail'),
    (error: unknown) => error,
  );
}

describe('ProjectionSpecification', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(notesProjection)));
  after(() => spec.close());

  it('projects the given and then the when events, in log order', async () => {
    await spec
      .given([noted('a'), noted('b')])
      .when([noted('c')])
      .thenRows(NOTES, [{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
  });

  it('fails when the rows differ', async () => {
    expect(await rejection(spec.given([noted('a')]).thenRows(NOTES, [{ text: 'b' }]))).to.be.instanceOf(AssertionError);
  });

  it('fails, naming the error, when the projection cannot apply an event (instead of passing on what the engine parked)', async () => {
    const error = await rejection(spec.given([noted('a'), { type: 'Broken', data: {} }]).thenRows(NOTES, [{ text: 'a' }]));
    expect(error).to.be.instanceOf(AssertionError);
    expect((error as Error).message)
      .to.include('Broken')
      .and.to.include('cannot apply a Broken event');
  });

  it('passes an event type the projection does not handle by, as the engine does', async () => {
    await spec.given([noted('a'), { type: 'Ignored', data: { text: 'x' } }]).thenRows(NOTES, [{ text: 'a' }]);
  });

  it('starts each scenario from empty tables', async () => {
    await spec.given([noted('a')]).thenRows(NOTES, [{ text: 'a' }]);
    await spec.given([]).thenRows(NOTES, []);
  });
});
