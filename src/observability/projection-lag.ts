import { comparePositions, type EventStore, type LogBacklog, type LogPosition } from '../eventstore/event-store.js';
import type { ProjectionEngine } from '../projection-engine/projection-engine.js';

export interface ConsumerLag {
  name: string;
  kind: 'projector' | 'reactor';
  /** Events of the log after the consumer's position, counted up to the reader's cap. */
  events: number;
  /** Age of the oldest of them in seconds; 0 when the consumer is at the log's end. */
  seconds: number;
}

/** Events counted per consumer at most: enough to tell "a burst" from "far behind", cheap to count. */
export const LAG_COUNT_CAP = 10_000;
const FALLBACK_PAGE = 500;

/**
 * How far each consumer this process applies is behind the log's end, from the engine's positions
 * (which also move past events a consumer ignores, unlike the stored checkpoints). One reading per
 * distinct position (usually one: caught-up consumers share the log's end), kept for `cacheMs` so
 * that probes and scrapes in a burst share it.
 */
export class ProjectionLagReader {
  private cached: { at: number; lag: Promise<ConsumerLag[]> } | undefined;

  constructor(
    private readonly engine: Pick<ProjectionEngine, 'consumerPositions'>,
    private readonly store: EventStore,
    private readonly cacheMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  read(): Promise<ConsumerLag[]> {
    const now = this.now();
    if (!this.cached || now - this.cached.at >= this.cacheMs) {
      const lag = this.measure();
      this.cached = { at: now, lag };
      lag.catch(() => (this.cached = undefined)); // a failed reading is not kept
    }
    return this.cached.lag;
  }

  private async measure(): Promise<ConsumerLag[]> {
    const consumers = this.engine.consumerPositions();
    const backlogs = new Map<string, Promise<LogBacklog>>();
    const key = (p: LogPosition) => `${p.commit}:${p.prepare}`;
    for (const { position } of consumers) if (!backlogs.has(key(position))) backlogs.set(key(position), this.backlogAfter(position));
    const now = this.now();
    return Promise.all(
      consumers.map(async ({ name, kind, position }) => {
        const { events, oldest } = await backlogs.get(key(position))!;
        return { name, kind, events, seconds: oldest ? Math.max(0, Math.round((now - oldest.getTime()) / 1000)) : 0 };
      }),
    );
  }

  /** Through the store's counting when it has one; otherwise by reading pages of the log (EventStoreDB). */
  private async backlogAfter(position: LogPosition): Promise<LogBacklog> {
    if (this.store.backlogAfter) return this.store.backlogAfter(position, LAG_COUNT_CAP);
    let events = 0;
    let oldest: Date | undefined;
    let at = position;
    while (events < LAG_COUNT_CAP) {
      const page = await this.store.readAll(at, Math.min(FALLBACK_PAGE, LAG_COUNT_CAP - events));
      if (page.length === 0) break;
      oldest ??= page[0].recordedAt;
      events += page.length;
      const last = page[page.length - 1].position;
      if (comparePositions(last, at) <= 0) break;
      at = last;
    }
    return { events, ...(oldest ? { oldest } : {}) };
  }
}
