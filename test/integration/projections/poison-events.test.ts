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
import { LogCapture } from '../../support/log-capture.js';
import { expectEventually } from '../../support/eventually.js';

/** Records the events it applied in its own table; throws on any event whose `poison` is true, unless fixed. */
function recordingProjection(name: string, fix: { fixed: boolean }): AnyProjector {
  return {
    kind: 'projector',
    name,
    tables: [`${name}_applied`],
    handles: ['Happened'],
    migrations: [{ id: `9100_${name}`, sql: `CREATE TABLE ${name}_applied (n int PRIMARY KEY)` }],
    async apply(event: RecordedEvent, tx: Queryable) {
      await tx.query(`INSERT INTO ${name}_applied (n) VALUES ($1)`, [event.data.n]);
      if (event.data.poison && !fix.fixed) throw new RangeError(`date/time field value out of range: "${String(event.data.secret)}"`);
    },
  };
}

/** One event a projection cannot apply must never stop the service (DESIGN: poison events). */
describe('poison events: parked for the projection that cannot apply them, everything else moves on', () => {
  let db: Database;
  let store: PostgresEventStore;
  const fix = { fixed: false };
  const fragile = recordingProjection('fragile', fix);
  const sturdy = recordingProjection('sturdy', { fixed: true });
  const log = new LogCapture();
  let engine: ProjectionEngine;

  const applied = async (name: string) => (await db.query<{ n: number }>(`SELECT n FROM ${name}_applied ORDER BY n`)).rows.map((r) => r.n);
  const append = (n: number, poison = false) => store.append(`s-${n}`, [{ type: 'Happened', data: { n, poison, secret: 'Zelda Quintrell' } }], 'no_stream');

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    await runMigrations(db, [...eventStoreMigrations, ...checkpointMigrations, ...parkedEventMigrations, ...fragile.migrations, ...sturdy.migrations]);
    store = new PostgresEventStore(db);
    for (let n = 1; n <= 5; n++) await append(n, n === 3);
  });
  after(async () => {
    await engine?.stop();
    await db.close();
  });

  it('start-up does not fail: catch-up parks the poison event after its tries and applies the rest', async () => {
    engine = new ProjectionEngine(db, store, [fragile, sturdy], createLogger('info', log), { maxAttempts: 3, retryDelayMs: 1, pollIntervalMs: 20 });
    await engine.start();
    expect(await applied('fragile')).to.deep.equal([1, 2, 4, 5]);
    expect(await applied('sturdy')).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('says so loudly: warnings for the tries, one error when parking, none quoting the event', () => {
    const lines = log.lines.map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.level === 40 && l.projection === 'fragile')).to.have.length(2);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ projection: 'fragile', eventType: 'Happened', attempts: 3 });
    expect(log.text).to.not.include('Zelda');
  });

  it('status shows each checkpoint, the lag and the parked event with its error (no event data)', async () => {
    const statuses = await engine.status();
    expect(statuses.map((s) => s.name)).to.deep.equal(['fragile', 'sturdy']);
    for (const status of statuses) expect(status.lag).to.equal(0);
    const [fragileStatus, sturdyStatus] = statuses;
    expect(sturdyStatus.parked).to.deep.equal([]);
    expect(fragileStatus.parked).to.have.length(1);
    expect(fragileStatus.parked[0]).to.include({ stream: 's-3', revision: 0, eventType: 'Happened', attempts: 3 });
    expect(fragileStatus.parked[0].error).to.equal('RangeError: date/time field value out of range: "…"');
  });

  it('while following live, a new poison event is parked and later events still reach both projections', async () => {
    await append(6, true);
    await append(7);
    await expectEventually(async () => {
      expect(await applied('fragile')).to.deep.equal([1, 2, 4, 5, 7]);
    });
    expect(await applied('sturdy')).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect((await engine.status())[0].parked.map((p) => p.stream)).to.deep.equal(['s-3', 's-6']);
  });

  it('a retry that still fails keeps the events parked with one more attempt', async () => {
    expect(await engine.retryParked('fragile')).to.deep.equal({ applied: 0, failed: 2, gone: 0 });
    expect((await engine.status())[0].parked.map((p) => p.attempts)).to.deep.equal([4, 4]);
    expect(await applied('fragile')).to.deep.equal([1, 2, 4, 5, 7]);
  });

  it('after a fix, retry applies the parked events exactly once and empties the list', async () => {
    fix.fixed = true;
    expect(await engine.retryParked('fragile')).to.deep.equal({ applied: 2, failed: 0, gone: 0 });
    expect(await applied('fragile')).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect((await engine.status())[0].parked).to.deep.equal([]);
  });

  it('a parked event whose stream was erased meanwhile is forgotten on retry', async () => {
    fix.fixed = false;
    await append(8, true);
    await expectEventually(async () => {
      expect((await engine.status())[0].parked).to.have.length(1);
    });
    await store.erase('s-8');
    expect(await engine.retryParked('fragile')).to.deep.equal({ applied: 0, failed: 0, gone: 1 });
  });

  it("a rebuild (reset) forgets the projection's parked events and meets them again", async () => {
    await engine.stop();
    const rebuilt = new ProjectionEngine(db, store, [fragile, sturdy], createLogger('silent'), { maxAttempts: 2, retryDelayMs: 1 });
    await rebuilt.reset(['fragile']);
    await rebuilt.catchUp();
    expect(await applied('fragile')).to.deep.equal([1, 2, 4, 5, 7]);
    expect((await rebuilt.status())[0].parked.map((p) => p.stream)).to.deep.equal(['s-3', 's-6']);
  });
});
