import { redact } from '../../src/analysis/redaction/index.js';
import { redactMetadata } from '../../src/analysis/redaction/redact-metadata.js';
import { FeedbackAlreadySubmitted } from '../../src/domain/feedback/decide.js';
import { feedbackDecider } from '../../src/domain/feedback/decider.js';
import { feedbackStream, type FeedbackSource } from '../../src/domain/feedback/events.js';
import { feedbackIdForIdempotencyKey } from '../../src/domain/feedback/idempotency.js';
import { AppError, notFound } from '../../src/errors.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { StreamErasedError } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { findFeedback } from '../../queries/feedback-detail/query.js';
import { toFeedbackDetail } from '../../queries/shared/feedback-item.js';
import type { SubmitFeedbackBody } from './schema.js';
import { instantOf } from '../../src/http/date-time.js';

export interface Submission {
  projectId: string;
  body: SubmitFeedbackBody;
  source: FeedbackSource;
  idempotencyKey?: string;
}

export type SubmitOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'replayed'; item: ReturnType<typeof toFeedbackDetail> };

/**
 * Redacts, then appends `FeedbackSubmitted`; nothing unredacted reaches the log. Waits until the
 * read models show the item, so a GET right after the 202 finds it.
 */
export async function submitFeedback(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine'>,
  submission: Submission,
): Promise<SubmitOutcome> {
  const { projectId, body, idempotencyKey } = submission;
  const feedbackId = idempotencyKey ? feedbackIdForIdempotencyKey(projectId, idempotencyKey) : services.ids.next('fb');
  const receivedAt = services.clock.now().toISOString();
  const redacted = redact(body.text);
  try {
    const handled = await handleCommand(services.store, feedbackStream(feedbackId), feedbackDecider, {
      type: 'SubmitFeedback',
      submission: {
        feedbackId,
        projectId,
        text: redacted.text,
        userId: body.userId ?? null,
        email: body.email ? body.email.trim().toLowerCase() : null,
        source: submission.source,
        metadata: (redactMetadata(body.metadata ?? {}) as Record<string, unknown>),
        createdAt: body.createdAt ? instantOf(body.createdAt) : receivedAt,
        receivedAt,
        redactions: redacted.counts as Record<string, number>,
      },
    }, { expectNewStream: true });
    await services.engine.waitFor(handled.appended!.position);
    return { kind: 'accepted', id: feedbackId };
  } catch (error) {
    if (error instanceof FeedbackAlreadySubmitted) return replay(services, projectId, feedbackId);
    if (error instanceof StreamErasedError) throw deletedReplay();
    throw error;
  }
}

const deletedReplay = () =>
  new AppError(404, 'not-found', 'Not found', 'The item first submitted with this Idempotency-Key has since been deleted.');

async function replay(
  services: Pick<CoreServices, 'db' | 'store' | 'engine'>,
  projectId: string,
  feedbackId: string,
): Promise<SubmitOutcome> {
  const events = await services.store.readStream(feedbackStream(feedbackId));
  if (events.length === 0) throw deletedReplay();
  await services.engine.waitFor(events[events.length - 1].position);
  const row = await findFeedback(services.db, projectId, feedbackId);
  if (!row) throw notFound('The feedback item');
  return { kind: 'replayed', item: toFeedbackDetail(row) };
}
