import { EventEmitter } from 'node:events';
import type { Database } from '../db/database.js';
import { comparePositions, START, type EventStore, type LogPosition, type RecordedEvent } from '../eventstore/event-store.js';
import type { Logger } from '../logger.js';
import { WorkerLoop } from '../work/worker-loop.js';
import { deleteCheckpoint, lockCheckpoints, readCheckpoint, writeCheckpoints } from './checkpoints.js';
import type { Projection } from './projection.js';

export interface ProjectionEngineOptions {
  batchSize?: number;
  /** How often to look for events appended by other processes. */
  pollIntervalMs?: number;
}

export interface ReplayProgress {
  projection: string;
  processed: number;
  total?: number;
}

/**
 * Follows the global log and applies each event to every projection, advancing each projection's
 * checkpoint in the same transaction as its read-model writes. Catch-up and live following are the
 * same loop; a local append wakes it at once, a timer finds appends of other processes.
 */
export class ProjectionEngine {
  private readonly positions = new Map<string, LogPosition>();
  private readonly advanced = new EventEmitter();
  private loop: WorkerLoop | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly projections: Projection[],
    private readonly logger: Logger,
    options: ProjectionEngineOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.advanced.setMaxListeners(1000);
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  async loadCheckpoints(): Promise<void> {
    for (const projection of this.projections) {
      this.positions.set(projection.name, await readCheckpoint(this.db, projection.name));
    }
  }

  /** Processes everything in the log now; resolves when the projections have reached its end. */
  async catchUp(onProgress?: (progress: { processed: number }) => void): Promise<number> {
    if (this.positions.size === 0) await this.loadCheckpoints();
    let processed = 0;
    for (;;) {
      const count = await this.processBatch(false);
      if (count === 0) return processed;
      processed += count;
      onProgress?.({ processed });
    }
  }

  async start(): Promise<void> {
    await this.catchUp();
    const loop = new WorkerLoop('projections', () => this.processBatch(true), this.logger, this.pollIntervalMs);
    this.loop = loop;
    this.unsubscribe = this.store.onAppended(() => loop.wake());
    loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    const loop = this.loop;
    this.loop = undefined;
    await loop?.stop();
  }

  /** Calls `listener` whenever projections advanced (work tables may have new rows). */
  onAdvanced(listener: (events: RecordedEvent[]) => void): () => void {
    this.advanced.on('advanced', listener);
    return () => this.advanced.off('advanced', listener);
  }

  /** Resolves true once every projection has applied the event at `position` (read-your-writes). */
  async waitFor(position: LogPosition, timeoutMs = 5000): Promise<boolean> {
    if (this.reached(position)) return true;
    const loop = this.loop;
    if (!loop) {
      await this.catchUp();
      return this.reached(position);
    }
    return new Promise((resolve) => {
      const onAdvance = () => {
        if (!this.reached(position)) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(this.reached(position));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.advanced.off('advanced', onAdvance);
      };
      this.advanced.on('advanced', onAdvance);
      loop.wake();
    });
  }

  /** Empties the named projections' tables and checkpoints so that the next catch-up rebuilds them. */
  async reset(names: string[]): Promise<void> {
    const selected = this.projections.filter((p) => names.includes(p.name));
    await this.db.transaction(async (tx) => {
      for (const projection of selected) {
        if (projection.tables.length > 0) await tx.query(`TRUNCATE ${projection.tables.join(', ')}`);
        await deleteCheckpoint(tx, projection.name);
      }
    });
    for (const projection of selected) this.positions.set(projection.name, START);
  }

  private reached(position: LogPosition): boolean {
    for (const projection of this.projections) {
      const at = this.positions.get(projection.name) ?? START;
      if (comparePositions(at, position) < 0) return false;
    }
    return true;
  }

  private lowestPosition(): LogPosition {
    let lowest: LogPosition | undefined;
    for (const projection of this.projections) {
      const at = this.positions.get(projection.name) ?? START;
      if (!lowest || comparePositions(at, lowest) < 0) lowest = at;
    }
    return lowest ?? START;
  }

  /** One batch of the log through every projection that has not seen it; returns events read. */
  /**
   * One batch of the log through every projection that has not seen it; returns events read. All
   * projections with work share one transaction (one checkpoint lock and one checkpoint write for
   * all). If that fails, each projection is tried in its own transaction: while following live
   * (`isolate`) a failing one is logged and retried later without holding back the others;
   * catch-up (`catchUp`, the CLI, tests) stops at the first failure instead.
   */
  private async processBatch(isolate = false): Promise<number> {
    const events = await this.store.readAll(this.lowestPosition(), this.batchSize);
    if (events.length === 0) return 0;
    const last = events[events.length - 1].position;
    const work: PendingWork[] = [];
    for (const projection of this.projections) {
      const from = this.positions.get(projection.name) ?? START;
      if (comparePositions(last, from) <= 0) continue;
      const relevant = events.filter((event) => comparePositions(event.position, from) > 0 && projection.handles.includes(event.type));
      // Events a projection ignores move it on without a write; after a restart it reads them again, harmlessly.
      if (relevant.length === 0) this.positions.set(projection.name, last);
      else work.push({ projection, from, events: relevant });
    }
    let progressed = work.length < this.projections.length;
    if (work.length > 0) {
      try {
        await this.applyTogether(work, last);
        progressed = true;
      } catch (error) {
        if (work.length === 1 && !isolate) throw error;
        for (const item of work) {
          try {
            await this.applyTogether([item], last);
            progressed = true;
          } catch (itemError) {
            if (!isolate) throw itemError;
            this.logger.error({ err: itemError, projection: item.projection.name }, 'projection failed; it will retry, the others go on');
          }
        }
      }
    }
    this.advanced.emit('advanced', events);
    return progressed ? events.length : 0;
  }

  private async applyTogether(work: PendingWork[], last: LogPosition): Promise<void> {
    const applied = await this.db.transaction(async (tx) => {
      // Another projector process may have advanced a projection: the row locks serialise us, and a
      // checkpoint beyond ours means that projection's part of the batch is not ours to apply.
      const stored = await lockCheckpoints(tx, work.map((item) => item.projection.name));
      const positions = new Map<string, LogPosition>();
      const advanced: string[] = [];
      for (const item of work) {
        const at = stored.get(item.projection.name)!;
        if (comparePositions(at, item.from) > 0) {
          positions.set(item.projection.name, at);
          continue;
        }
        for (const event of item.events) await item.projection.apply(event, tx);
        positions.set(item.projection.name, last);
        advanced.push(item.projection.name);
      }
      await writeCheckpoints(tx, advanced, last);
      return positions;
    });
    for (const [name, position] of applied) this.positions.set(name, position);
  }
}

interface PendingWork {
  projection: Projection;
  from: LogPosition;
  events: RecordedEvent[];
}
