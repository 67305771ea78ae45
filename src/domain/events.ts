import type { AppSessionEvent } from './app-session/events.js';
import type { ClusterEvent, ClusterLabeled } from './cluster/events.js';
import type { FeedbackDeletionEvent } from './feedback-deletion/events.js';
import type { FeedbackEvent } from './feedback/events.js';
import type { IdentityMergeEvent } from './identity-merge/events.js';
import type { ProjectEvent } from './project/events.js';
import type { QuestionEvent } from './question/events.js';
import type { TranscriptEvent } from './transcript/events.js';
import type { UserEvent } from './user/events.js';
import type { UserErasureEvent } from './user-erasure/events.js';
import type { WebhookEvent } from './webhook/events.js';

/** Every event the service records in its log: what projectors and reactors are typed against. */
export type LoggedEvent =
  | FeedbackEvent
  | FeedbackDeletionEvent
  | ClusterEvent
  | ClusterLabeled
  | ProjectEvent
  | UserEvent
  | WebhookEvent
  | TranscriptEvent
  | QuestionEvent
  | UserErasureEvent
  | IdentityMergeEvent
  | AppSessionEvent;
