/**
 * Given/then for projections: given these events in the log, then this query over the read model
 * returns these rows. The events go through an in-memory event store and the real projection engine
 * (so a type missing from `handles` shows as missing rows) into a fresh in-memory PGlite database,
 * one per suite.
 */
import { expect } from 'chai';
import type { Database } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { openDatabase } from '../../src/db/open-database.js';
import type { DomainEvent } from '../../src/eventstore/command-handler.js';
import { InMemoryEventStore } from '../../src/eventstore/in-memory-event-store.js';
import { createLogger } from '../../src/logger.js';
import { listParkedEvents } from '../../src/projection-engine/parked-events.js';
import { ProjectionEngine } from '../../src/projection-engine/projection-engine.js';
import type { AnyProjector } from '../../src/projection-engine/projection.js';
import { allMigrations } from '../../src/runtime.js';

export interface ProjectionThen {
  /**
   * Runs `sql` against the read model once every event is projected; its rows deep-equal `expected`.
   * (Not named `then`: that would make the chain a thenable, and awaiting it by mistake would hang.)
   */
  thenRows(sql: string, expected: Record<string, unknown>[]): Promise<void>;
}

export class ProjectionSpecification {
  private constructor(
    private readonly projection: AnyProjector,
    private readonly db: Database,
  ) {}

  /** Opens the suite's database with the projection's tables; `close` it in `after`. */
  static async for(projection: AnyProjector): Promise<ProjectionSpecification> {
    const db = await openDatabase({ dataDir: 'memory://', holder: `projection spec ${projection.name}` });
    // The service's own list: whatever the engine needs (checkpoints, parked events) and the work tables some projections fill.
    await runMigrations(db, allMigrations([projection]));
    return new ProjectionSpecification(projection, db);
  }

  given(events: DomainEvent[]): ProjectionThen & { when(events: DomainEvent[]): ProjectionThen } {
    return {
      when: (more) => ({ thenRows: (sql, expected) => this.verify([...events, ...more], sql, expected) }),
      thenRows: (sql, expected) => this.verify(events, sql, expected),
    };
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Each scenario starts from empty tables and a new log; projections ignore stream names, so one stream holds it all. */
  private async verify(events: DomainEvent[], sql: string, expected: Record<string, unknown>[]): Promise<void> {
    const store = new InMemoryEventStore();
    if (events.length > 0) await store.append('projection-spec', events, 'no_stream');
    const engine = new ProjectionEngine(this.db, store, [this.projection], createLogger('silent'));
    await engine.reset([this.projection.name]);
    await engine.catchUp();
    // The engine parks an event it cannot apply and goes on; here that is the failure to report.
    const parked = await listParkedEvents(this.db, this.projection.name);
    if (parked.length > 0) expect.fail(`${this.projection.name} could not apply ${parked.map((p) => `${p.eventType}: ${p.error}`).join('; ')}`);
    const { rows } = await this.db.query(sql);
    expect(rows).to.deep.equal(expected);
  }
}
