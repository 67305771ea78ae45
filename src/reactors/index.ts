import type { AnyReactor } from '../projection-engine/projection.js';
import { queueAnalysis } from './queue-analysis/reactor.js';
import { queueClustering } from './queue-clustering/reactor.js';
import { queueErasureOfDeleted } from './queue-erasure/reactor.js';
import { trackFeedbackDeletions } from './track-feedback-deletions/reactor.js';
import { webhookOutbox } from './webhook-outbox/reactor.js';

/** Every reactor: effects fed by the log, never reset by a rebuild. */
export const allReactors = (): AnyReactor[] => [queueAnalysis, queueClustering, queueErasureOfDeleted, trackFeedbackDeletions, webhookOutbox];
