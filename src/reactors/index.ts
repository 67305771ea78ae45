import type { AnyReactor } from '../projection-engine/projection.js';
import { queueAnalysis } from './queue-analysis/reactor.js';
import { queueClustering } from './queue-clustering/reactor.js';
import { queueDefinedThemeSweeps } from './queue-defined-theme-sweeps/reactor.js';
import { queueErasureOfDeleted } from './queue-erasure/reactor.js';
import { queueQuestionEvaluations } from './queue-question-evaluations/reactor.js';
import { queueUserHealth } from './queue-user-health/reactor.js';
import { trackFeedbackDeletions } from '../processes/feedback-deletion/track.js';
import { trackUserErasures } from '../processes/user-erasure/track.js';
import { trackIdentityMerges } from '../processes/identity-merge/track.js';
import { webhookOutbox } from './webhook-outbox/reactor.js';

/** Every reactor: effects fed by the log, never reset by a rebuild. */
export const allReactors = (): AnyReactor[] => [
  queueAnalysis,
  queueClustering,
  queueErasureOfDeleted,
  trackFeedbackDeletions,
  webhookOutbox,
  queueQuestionEvaluations,
  trackUserErasures,
  queueUserHealth,
  trackIdentityMerges,
  queueDefinedThemeSweeps,
];
