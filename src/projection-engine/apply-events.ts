import type { Queryable } from '../db/database.js';
import type { RecordedEvent } from '../eventstore/event-store.js';
import type { LogConsumer } from './projection.js';

type RunHandler = (events: RecordedEvent[], tx: Queryable) => Promise<void>;

/**
 * Applies a consumer's events of one batch in log order: a run of two or more consecutive events
 * of a type the consumer has a run handler for goes to that handler at once, every other event to
 * `apply` one by one.
 */
export async function applyEvents(consumer: LogConsumer, events: readonly RecordedEvent[], tx: Queryable): Promise<void> {
  const runs = consumer.runs as Record<string, RunHandler | undefined> | undefined;
  for (let start = 0; start < events.length;) {
    let end = start + 1;
    while (end < events.length && events[end].type === events[start].type) end++;
    const handler = runs?.[events[start].type];
    if (handler && end - start > 1) await handler(events.slice(start, end), tx);
    else for (let i = start; i < end; i++) await consumer.apply(events[i] as never, tx);
    start = end;
  }
}
