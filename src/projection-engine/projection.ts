import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import type { RecordedEvent } from '../eventstore/event-store.js';

/**
 * A read model built from the global log. `apply` runs inside the transaction that also advances the
 * projection's checkpoint, so every event takes effect exactly once. It must be deterministic (no
 * `now()`, no model calls): replaying the log rebuilds the same rows.
 */
export interface Projection {
  readonly name: string;
  /** Tables this projection owns; emptied before a rebuild. */
  readonly tables: string[];
  readonly migrations: Migration[];
  /** Event types this projection reacts to; a batch with none of them only moves its position. */
  readonly handles: readonly string[];
  apply(event: RecordedEvent, tx: Queryable): Promise<void>;
}
