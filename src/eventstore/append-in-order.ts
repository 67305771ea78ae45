import type { AppendOutcome, EventStore, StreamAppend } from './event-store.js';

/**
 * Appends the requests in their order: in one transaction where the store can (`appendMany`), else one
 * after another. Each request succeeds or is refused alone; the outcomes come back in the same order.
 */
export async function appendInOrder(store: EventStore, requests: readonly StreamAppend[]): Promise<AppendOutcome[]> {
  if (requests.length === 0) return [];
  if (store.appendMany) return store.appendMany(requests);
  const outcomes: AppendOutcome[] = [];
  for (const { stream, events, expected } of requests) {
    outcomes.push(
      await store.append(stream, events, expected).then(
        (result) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error : new Error(String(error)) }),
      ),
    );
  }
  return outcomes;
}
