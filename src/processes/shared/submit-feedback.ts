import { redact } from '../../analysis/redaction/index.js';
import { redactMetadata } from '../../analysis/redaction/redact-metadata.js';
import { NotFound } from '../../domain/errors.js';
import { FeedbackAlreadySubmitted } from '../../domain/feedback/decide.js';
import { feedbackDecider } from '../../domain/feedback/decider.js';
import { feedbackStream, type FeedbackSource } from '../../domain/feedback/events.js';
import { feedbackIdForIdempotencyKey } from '../../domain/feedback/idempotency.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import { StreamErasedError } from '../../eventstore/event-store.js';
import type { CoreServices } from '../../services.js';

/** One feedback item as given, from any channel (the API, a CSV import, a transcript). */
export interface SubmitFeedbackInput {
  projectId: string;
  /** As written; redacted before anything is stored. */
  text: string;
  userId?: string;
  email?: string;
  source: FeedbackSource;
  /** Custom properties; string values are redacted like the text. */
  metadata?: Record<string, unknown>;
  /** When the feedback was given (a backfill); the time of receipt when absent. */
  createdAt?: Date;
  /** The same key in the same project names the same item: a resubmission replays the first. */
  idempotencyKey?: string;
  /** An import's history: never alerts, even when dated within the last 48 hours. */
  backfill?: boolean;
}

export interface SubmitOptions {
  /**
   * Wait until the read models show the item (the API's read-your-writes). A bulk import leaves
   * it to the projections and catches up once per batch instead.
   */
  waitForReadModels?: boolean;
}

export type SubmitOutcome =
  | { kind: 'accepted'; id: string }
  /** The Idempotency-Key was seen before: the item it made, already visible in the read models. */
  | { kind: 'replayed'; id: string };

/**
 * Redacts, then appends `FeedbackSubmitted`; nothing unredacted reaches the log. Returns once the
 * read models show the item, so a GET right after the 202 finds it: with the log in PostgreSQL the
 * item list and the user's count are written in the append's own transaction (inline projections),
 * otherwise (EventStoreDB, or no live projection loop) it waits for the projections.
 */
export async function submitFeedback(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine'>,
  input: SubmitFeedbackInput,
  context: CommandContext,
  { waitForReadModels = true }: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const { projectId, idempotencyKey } = input;
  const feedbackId = idempotencyKey ? feedbackIdForIdempotencyKey(projectId, idempotencyKey) : services.ids.next('fb');
  const receivedAt = services.clock.now().toISOString();
  const redacted = redact(input.text);
  try {
    const handled = await handleCommand(
      services.store,
      feedbackStream(feedbackId),
      feedbackDecider,
      {
        type: 'SubmitFeedback',
        submission: {
          feedbackId,
          projectId,
          text: redacted.text,
          userId: input.userId ?? null,
          email: input.email ? input.email.trim().toLowerCase() : null,
          source: input.source,
          metadata: redactMetadata(input.metadata ?? {}) as Record<string, unknown>,
          createdAt: input.createdAt ? input.createdAt.toISOString() : receivedAt,
          receivedAt,
          redactions: redacted.counts as Record<string, number>,
          ...(input.backfill ? { backfill: true } : {}),
        },
      },
      { expectNewStream: true, context },
    );
    const appended = handled.appended!;
    if (waitForReadModels) await services.engine.waitForAppend(appended);
    return { kind: 'accepted', id: feedbackId };
  } catch (error) {
    if (error instanceof FeedbackAlreadySubmitted) return replay(services, feedbackId, waitForReadModels);
    if (error instanceof StreamErasedError) throw deletedReplay();
    throw error;
  }
}

const deletedReplay = () => new NotFound('The feedback item', 'The item first submitted with this Idempotency-Key has since been deleted.');

async function replay(services: Pick<CoreServices, 'store' | 'engine'>, feedbackId: string, waitForReadModels: boolean): Promise<SubmitOutcome> {
  const events = await services.store.readStream(feedbackStream(feedbackId));
  if (events.length === 0) throw deletedReplay();
  if (waitForReadModels) await services.engine.waitFor(events[events.length - 1].position);
  return { kind: 'replayed', id: feedbackId };
}
