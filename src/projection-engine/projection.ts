import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import type { LoggedEvent } from '../domain/events.js';
import type { RecordedEvent } from '../eventstore/event-store.js';
import type { InlineProjection } from '../eventstore/inline-projections.js';

interface EventShape {
  type: string;
  data: object;
}

/** A recorded event typed by its union member: narrowing on `type` types `data`. */
export type Recorded<E extends EventShape> = E extends EventShape ? Omit<RecordedEvent, 'type' | 'data'> & E : never;

interface LogConsumerBase<E extends EventShape> {
  readonly name: string;
  readonly migrations: Migration[];
  /** The event types it handles (checked against the union by `projector`/`reactor`); a batch with none only moves its position. */
  readonly handles: readonly string[];
  /**
   * Runs inside the transaction that also advances the consumer's checkpoint, so each event takes
   * effect once. Deterministic: no `now()`, no model calls.
   */
  apply(event: Recorded<E>, tx: Queryable): Promise<void>;
  /**
   * Optional handlers for a run of consecutive events of one type (a burst of submissions), in a
   * few statements instead of one per event. Same effect as `apply` on each event in order.
   */
  readonly applyRun?: RunHandlers<E>;
}

/** Per event type, a handler that applies several events of that type at once. */
export type RunHandlers<E extends EventShape> = {
  readonly [T in E['type']]?: (events: Recorded<Extract<E, { type: T }>>[], tx: Queryable) => Promise<void>;
};

/**
 * Applies events in order: each run of consecutive events that the consumer has a run handler for
 * goes in one call, every other event through `apply`.
 */
export async function applyInOrder(consumer: LogConsumer, events: readonly RecordedEvent[], tx: Queryable): Promise<void> {
  const runs = consumer.applyRun as Record<string, ((events: RecordedEvent[], tx: Queryable) => Promise<void>) | undefined> | undefined;
  let i = 0;
  while (i < events.length) {
    const type = events[i].type;
    const runHandler = runs?.[type];
    if (!runHandler) {
      await consumer.apply(events[i] as never, tx);
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < events.length && events[end].type === type) end += 1;
    await runHandler(events.slice(i, end), tx);
    i = end;
  }
}

/**
 * Builds a read model that can be dropped and rebuilt from the log at will (`feedbackctl
 * reproject`): replaying the log must give the same rows.
 */
export interface Projector<E extends EventShape = LoggedEvent> extends LogConsumerBase<E> {
  readonly kind: 'projector';
  /** Tables it owns; emptied before a rebuild. */
  readonly tables: string[];
  /**
   * Handled types also applied in the append's own transaction when the log is in PostgreSQL (see
   * `src/eventstore/inline-projections.ts`); `apply` must then change nothing when the asynchronous
   * pass applies them again.
   */
  readonly inline?: readonly string[];
  /** Events of the inline types left to the asynchronous pass all the same (see `InlineProjection.defers`). */
  readonly defersInline?: (event: RecordedEvent) => boolean;
}

/**
 * Turns events into effects (work rows for the workers; soon the webhook outbox). It has its own
 * checkpoint and is never reset by a rebuild, so no effect happens twice; its effects are
 * idempotent, so handling an event again after a crash is harmless.
 */
export interface Reactor<E extends EventShape = LoggedEvent> extends LogConsumerBase<E> {
  readonly kind: 'reactor';
}

// `any`: lists hold consumers of different event unions.
export type AnyProjector = Projector<any>;
export type AnyReactor = Reactor<any>;
export type LogConsumer = AnyProjector | AnyReactor;

/** The domain events of the given types. */
export type EventsOf<T extends LoggedEvent['type']> = Extract<LoggedEvent, { type: T }>;

interface Definition<T extends LoggedEvent['type']> extends Omit<LogConsumerBase<EventsOf<T>>, 'handles' | 'applyRun'> {
  readonly handles: readonly T[];
  readonly applyRun?: RunHandlers<EventsOf<NoInfer<T>>>;
}

/** A projector of domain events; `apply` is typed by the union of the handled events. */
export const projector = <T extends LoggedEvent['type']>(
  definition: Definition<T> & { tables: string[]; inline?: readonly NoInfer<T>[]; defersInline?: (event: RecordedEvent) => boolean },
): Projector<EventsOf<T>> => ({
  kind: 'projector',
  ...definition,
});

/** The projectors that apply some events inline, as the event store sees them. */
export const inlineProjections = (consumers: LogConsumer[]): InlineProjection[] =>
  consumers.flatMap((consumer) =>
    consumer.kind === 'projector' && consumer.inline && consumer.inline.length > 0
      ? [
          {
            name: consumer.name,
            inline: consumer.inline,
            defers: consumer.defersInline,
            apply: (events: readonly RecordedEvent[], tx: Queryable) => applyInOrder(consumer, events, tx),
          },
        ]
      : [],
  );

/** A reactor to domain events; `apply` is typed by the union of the handled events. */
export const reactor = <T extends LoggedEvent['type']>(definition: Definition<T>): Reactor<EventsOf<T>> => ({ kind: 'reactor', ...definition });
