import { randomUUID } from 'node:crypto';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import type { EventStore } from '../../src/eventstore/event-store.js';

/**
 * Appends, around validation (as an older version of the service could have), a submission dated
 * in the year 0, which the feedback list cannot store: a poison event. Returns the item's id.
 */
export async function appendUnstorableSubmission(store: EventStore, projectId: string, text = 'Backfilled from the year zero'): Promise<string> {
  const feedbackId = randomUUID();
  const data = {
    feedbackId,
    projectId,
    text,
    userId: null,
    email: null,
    source: 'api',
    metadata: {},
    createdAt: '0000-01-01T00:00:00Z',
    receivedAt: new Date().toISOString(),
    redactions: {},
  };
  await store.append(feedbackStream(feedbackId), [{ type: 'FeedbackSubmitted', data }], 'no_stream');
  return feedbackId;
}
