import type { ClusterEvent, ClusterLabeled } from './cluster/events.js';
import type { FeedbackEvent } from './feedback/events.js';
import type { ProjectEvent } from './project/events.js';

/** Every event the service records: what projectors and reactors are typed against. */
export type DomainEvent = FeedbackEvent | ClusterEvent | ClusterLabeled | ProjectEvent;
