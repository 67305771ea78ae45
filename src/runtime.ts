import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Migration } from './db/migrations.js';
import { openDatabase } from './db/open-database.js';
import type { EventStore } from './eventstore/event-store.js';
import { eventStoreMigrations } from './eventstore/postgres-event-store.migration.js';
import { PostgresEventStore } from './eventstore/postgres-event-store.js';
import type { Logger } from './logger.js';
import { checkpointMigrations } from './projection-engine/checkpoints.js';
import { parkedEventMigrations } from './projection-engine/parked-events.js';
import { ProjectionEngine } from './projection-engine/projection-engine.js';
import { FollowedConsumers } from './projection-engine/followed-consumers.js';
import { inlineProjections, type LogConsumer } from './projection-engine/projection.js';
import { describeFailure } from './support/describe-error.js';
import { allProjections } from '../projections/index.js';
import { allReactors } from './reactors/index.js';
import { workMigrations } from './work/migrations.js';
import { rateLimitMigrations } from './http/postgres-rate-limiter.js';
import { systemClock, type Clock } from './support/clock.js';
import { randomIds, type IdSource } from './support/ids.js';
import type { CoreServices } from './services.js';
import type { WorkMetrics } from './observability/work-metrics.js';

export interface RuntimeOptions {
  /** Names the process holding an embedded data directory, e.g. `feedbackctl serve`. */
  holder: string;
  logger: Logger;
  clock?: Clock;
  ids?: IdSource;
  /** The projectors and reactors following the log; all of the service's by default. */
  consumers?: LogConsumer[];
  metrics?: WorkMetrics;
}

export interface Runtime extends CoreServices {
  /** The port the HTTP server listens on, once it does (PORT=0 picks one). */
  listeningPort?: number;
  close(): Promise<void>;
}

async function openEventStore(config: Config, db: Database, consumers: LogConsumer[], logger: Logger): Promise<EventStore> {
  if (!config.eventStoreUrl) {
    return new PostgresEventStore(db, {
      projections: inlineProjections(consumers),
      onFailure: ({ projection, error }) =>
        logger.warn({ projection, error: describeFailure(error) }, 'inline projection failed; the append stands and the asynchronous pass applies its events'),
    });
  }
  const { EventStoreDbEventStore } = await import('./eventstore/eventstoredb-event-store.js');
  return EventStoreDbEventStore.connect(config.eventStoreUrl);
}

/**
 * Who applies what. With the log in PostgreSQL, an API node applies the projectors (its reads, and
 * its keys' revocations, come from them) and leaves the reactors to the worker: their effects are
 * the worker's work, and two API nodes racing the worker for the reactors' checkpoint rows only
 * made one of them wait. The API node still waits for the reactors where a command needs their
 * effects (`FollowedConsumers`). Every other process applies everything.
 */
function splitConsumers(config: Config, store: EventStore, consumers: LogConsumer[]): { applied: LogConsumer[]; followed: LogConsumer[] } {
  if (config.role !== 'api' || store.name !== 'postgres') return { applied: consumers, followed: [] };
  return { applied: consumers.filter((c) => c.kind === 'projector'), followed: consumers.filter((c) => c.kind === 'reactor') };
}

export const allConsumers = (): LogConsumer[] => [...allProjections(), ...allReactors()];

export function allMigrations(consumers: LogConsumer[]): Migration[] {
  return [
    ...eventStoreMigrations,
    ...checkpointMigrations,
    ...parkedEventMigrations,
    ...rateLimitMigrations,
    ...workMigrations,
    ...consumers.flatMap((c) => c.migrations),
  ];
}

/** Opens the database and the event store, runs migrations, and prepares (but does not start) the projections. */
export async function openRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const consumers = options.consumers ?? allConsumers();
  const db = await openDatabase({
    migrations: allMigrations(consumers),
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: options.holder,
    onConnectionError: (error) => options.logger.error({ err: error }, 'idle database connection failed'),
    onPermissionsTightened: (entries) =>
      options.logger.warn({ entries }, 'the data directory was readable by other local users; its folders are now 0700 and its files 0600'),
  });
  try {
    const store = await openEventStore(config, db, consumers, options.logger);
    const { applied, followed } = splitConsumers(config, store, consumers);
    const engine = new ProjectionEngine(db, store, applied, options.logger, {
      // On the embedded database a batch holds the one connection (and the event loop) while it
      // applies: smaller batches keep each hold short next to requests.
      ...(db.engine === 'pglite' ? { batchSize: 100 } : {}),
      ...(followed.length > 0 ? { followed: new FollowedConsumers(db, followed), wakeOnAppend: false } : {}),
      // The worker keeps the checkpoints the API nodes follow up to date.
      ...(config.role === 'worker' && store.name === 'postgres'
        ? { storeIdleCheckpoints: applied.filter((c) => c.kind === 'reactor').map((c) => c.name) }
        : {}),
    });
    await engine.loadCheckpoints();
    return {
      config,
      db,
      store,
      engine,
      clock: options.clock ?? systemClock,
      ids: options.ids ?? randomIds,
      logger: options.logger,
      ...(options.metrics ? { metrics: options.metrics } : {}),
      async close() {
        await engine.stop();
        await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
