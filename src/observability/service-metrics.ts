import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { describeFailure } from '../support/describe-error.js';
import type { ProjectionLagReader } from './projection-lag.js';
import { readQueueDepths, type QueueDepth } from './queue-depths.js';
import type { AnalysisOutcome, WebhookOutcome, WorkMetrics } from './work-metrics.js';

export const METRIC_PREFIX = 'feedback_';

/** What the scrape-time gauges read. */
export interface MetricSources {
  db: Queryable;
  lag: ProjectionLagReader;
  logger: Logger;
}

/** Methods a label may name; anything else a client sends is counted as `other`, so labels stay few. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The metrics of one running service, in a registry of its own (several servers in one process,
 * as in tests, do not share counters): HTTP requests by route template, what the workers count,
 * and gauges read from the database when scraped. Labels never carry ids or raw paths.
 */
export class ServiceMetrics implements WorkMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly analysed: Counter<'outcome'>;
  private readonly deliveries: Counter<'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    const registers = [this.registry];
    this.requests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.analysed = new Counter({
      name: `${METRIC_PREFIX}analysis_items_total`,
      help: 'Feedback items through the analysis worker: analysed, retried after a failure, or parked.',
      labelNames: ['outcome'],
      registers,
    });
    this.deliveries = new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts: delivered, failed and to be retried, or failed after the last retry.',
      labelNames: ['outcome'],
      registers,
    });
    // Present from the first scrape, so that rate() and alerts have a series before the first item.
    for (const outcome of ['analysed', 'retried', 'parked'] as const) this.analysed.inc({ outcome }, 0);
    for (const outcome of ['delivered', 'retrying', 'failed'] as const) this.deliveries.inc({ outcome }, 0);
  }

  /** `route`: the matched route template, or `(unmatched)`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'other', route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  analysis(outcome: AnalysisOutcome): void {
    this.analysed.inc({ outcome });
  }

  webhookDelivery(outcome: WebhookOutcome): void {
    this.deliveries.inc({ outcome });
  }

  /** Registers the gauges read when scraped: queue depths, projection lag and parked events. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const queues = scrapeOnce(() => readQueueDepths(sources.db));
    const queueGauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        labelNames: ['queue'],
        registers,
        async collect() {
          this.reset();
          const depths = await guarded(sources.logger, name, queues);
          for (const depth of depths ?? []) this.set({ queue: depth.queue }, value(depth));
        },
      });
    queueGauge('queue_depth', 'Jobs waiting in each work queue (counted up to 100,000), parked jobs aside.', (d) => d.waiting);
    queueGauge('queue_parked', 'Jobs parked after repeated failures, per queue (analysis and clustering park).', (d) => d.parked);
    const lagGauge = (name: string, help: string, value: (lag: { events: number; seconds: number }) => number) =>
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        labelNames: ['projection'],
        registers,
        async collect() {
          this.reset();
          for (const lag of (await guarded(sources.logger, name, () => sources.lag.read())) ?? []) this.set({ projection: lag.name }, value(lag));
        },
      });
    lagGauge('projection_lag_events', 'Events of the log after each projection or reactor this process applies (counted up to 10,000).', (l) => l.events);
    lagGauge('projection_lag_seconds', 'Age of the oldest event each projection or reactor this process applies has still to apply.', (l) => l.seconds);
    new Gauge({
      name: `${METRIC_PREFIX}projection_parked_events`,
      help: 'Events a projection or reactor parked because it could not apply them (see feedbackctl projections status).',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        const names = (await guarded(sources.logger, 'projection_lag_events', () => sources.lag.read()))?.map((lag) => lag.name) ?? [];
        const parked = await guarded(sources.logger, 'projection_parked_events', () => parkedPerProjection(sources.db));
        if (!parked) return;
        for (const name of new Set([...names, ...parked.keys()])) this.set({ projection: name }, parked.get(name) ?? 0);
      },
    });
  }
}

async function parkedPerProjection(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ projection: string; parked: number }>(`SELECT projection, count(*)::int AS parked FROM parked_events GROUP BY projection`);
  return new Map(rows.map((row) => [row.projection, row.parked]));
}

/** A reading shared by the gauges of one scrape (they are collected one after another). */
function scrapeOnce<T>(read: () => Promise<T>, keepMs = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= keepMs) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

/** A gauge whose reading fails is left out of the scrape (logged), rather than failing the whole scrape. */
async function guarded<T>(logger: Logger, gauge: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    logger.warn({ gauge: `${METRIC_PREFIX}${gauge}`, error: describeFailure(error) }, 'metrics gauge could not be read');
    return undefined;
  }
}
