import type { Queryable } from '../db/database.js';
import type { RecordedEvent } from './event-store.js';

/**
 * The part of a read model written in the append's own transaction when the log is in PostgreSQL
 * (Marten's and Emmett's inline projections), so the caller reads its write as soon as the append
 * resolves. The asynchronous projector applies the same events again later, in log order, with its
 * checkpoint: applying an inline event a second time must change nothing (an insert that ignores an
 * existing row, a recount).
 */
export interface InlineProjection {
  readonly name: string;
  /** The event types applied inline. */
  readonly inline: readonly string[];
  /**
   * Events of those types that must wait for the asynchronous pass all the same: their effect
   * depends on earlier events that pass may not have applied yet, so only the log order gives it.
   */
  readonly defers?: (event: RecordedEvent) => boolean;
  /** Applies the events, in order. */
  apply(events: readonly RecordedEvent[], tx: Queryable): Promise<void>;
}

const appliesInline = (projection: InlineProjection, event: RecordedEvent): boolean => projection.inline.includes(event.type) && !projection.defers?.(event);

/** The inline projections that leave this event of one of their types to the asynchronous pass. */
export const projectionsDeferring = (projections: readonly InlineProjection[], event: RecordedEvent): string[] =>
  projections.filter((projection) => projection.inline.includes(event.type) && projection.defers?.(event) === true).map((projection) => projection.name);

/** Called when an inline projection failed: the append goes on, the asynchronous pass applies (or parks) the events. */
export type InlineFailureListener = (failure: { projection: string; error: unknown }) => void;

/**
 * Applies the inline projections to events just inserted, under a savepoint. True when every one
 * applied. When one throws, everything they wrote is rolled back, the append itself still commits,
 * and the events take the asynchronous path like any other, with its retries and parking: an inline
 * failure never fails an append.
 */
export async function applyInline(
  tx: Queryable,
  projections: readonly InlineProjection[],
  events: readonly RecordedEvent[],
  onFailure: InlineFailureListener,
): Promise<boolean> {
  const work = projections
    .map((projection) => ({ projection, events: events.filter((event) => appliesInline(projection, event)) }))
    .filter((item) => item.events.length > 0);
  if (work.length === 0) return true;
  await tx.query('SAVEPOINT inline_projections');
  let failing: string | undefined;
  try {
    for (const item of work) {
      failing = item.projection.name;
      await item.projection.apply(item.events, tx);
    }
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT inline_projections');
    onFailure({ projection: failing!, error });
    return false;
  }
  await tx.query('RELEASE SAVEPOINT inline_projections');
  return true;
}
