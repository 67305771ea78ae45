import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { EventStore } from './eventstore/event-store.js';
import type { Logger } from './logger.js';
import type { ProjectionEngine } from './projection-engine/projection-engine.js';
import type { Clock } from './support/clock.js';
import type { IdSource } from './support/ids.js';
import type { WorkMetrics } from './observability/work-metrics.js';

/** The platform pieces that command handlers, queries and workers are given. */
export interface CoreServices {
  config: Config;
  db: Database;
  store: EventStore;
  engine: ProjectionEngine;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Where the workers count what they do, for /metrics; absent outside a server (the CLI). */
  metrics?: WorkMetrics;
}
