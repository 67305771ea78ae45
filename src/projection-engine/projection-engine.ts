import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/database.js';
import { comparePositions, START, type AppendResult, type EventStore, type LogPosition, type RecordedEvent } from '../eventstore/event-store.js';
import type { Logger } from '../logger.js';
import { WorkerLoop } from '../support/worker-loop.js';
import { deleteCheckpoint, lockCheckpoints, readCheckpoint, writeCheckpoints } from './checkpoints.js';
import { forgetParkedEvents, listParkedEvents, parkEvent, recordRetryFailure, unparkEvent, type ParkedEvent } from './parked-events.js';
import { applyInOrder, type LogConsumer } from './projection.js';
import type { FollowedConsumers } from './followed-consumers.js';
import { describeFailure } from '../support/describe-error.js';

/** The engine dispatches only the types a consumer `handles`, which is what types its `apply`. */
const applyTo = (consumer: LogConsumer, event: RecordedEvent, tx: Queryable) => consumer.apply(event as never, tx);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ProjectionEngineOptions {
  batchSize?: number;
  /** How often to look for events appended by other processes. */
  pollIntervalMs?: number;
  /** Tries an event gets before it is parked for the projection that cannot apply it. */
  maxAttempts?: number;
  /** Pause between tries while catching up (live, the poll interval spaces them). */
  retryDelayMs?: number;
  /**
   * Consumers another process applies (an API node leaves the reactors to the worker): `waitFor`
   * also waits for them, through their checkpoints in the database (see `followed-consumers.ts`).
   */
  followed?: FollowedConsumers;
  /**
   * Whether an append in this process wakes the loop at once (true by default). An API node on a
   * PostgreSQL server does not need it: its requests' read models are written inline, `waitFor`
   * wakes the loop itself, and without it the loop applies a poll interval's events in one batch
   * instead of racing the other nodes for every few.
   */
  wakeOnAppend?: boolean;
  /** How often `waitFor` looks at the followed consumers' checkpoints. */
  followPollMs?: number;
  /**
   * Consumers whose checkpoint is stored even when a batch moves them past events they ignore
   * (whenever the batch writes checkpoints anyway): those other processes follow, kept close to the
   * log's end so that following them stays cheap.
   */
  storeIdleCheckpoints?: readonly string[];
}

/**
 * Follows the global log and applies each event to every projection, advancing each projection's
 * checkpoint in the same transaction as its read-model writes. Catch-up and live following are the
 * same loop; a local append wakes it at once, a timer finds appends of other processes.
 */
export class ProjectionEngine {
  private readonly positions = new Map<string, LogPosition>();
  /** Counts `reset` calls: a batch read before a reset must not apply its window to the emptied tables. */
  private resets = 0;
  private readonly advanced = new EventEmitter();
  private loop: WorkerLoop | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly followed: FollowedConsumers | undefined;
  private readonly followPollMs: number;
  private readonly storeIdleCheckpoints: ReadonlySet<string>;
  private readonly wakeOnAppend: boolean;
  /** The event each failing projection is stuck on, and how often it failed (per process). */
  private readonly failures = new Map<string, { eventId: string; attempts: number }>();

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly projections: LogConsumer[],
    private readonly logger: Logger,
    options: ProjectionEngineOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.followed = options.followed && !options.followed.empty ? options.followed : undefined;
    this.followPollMs = options.followPollMs ?? 25;
    this.storeIdleCheckpoints = new Set(options.storeIdleCheckpoints ?? []);
    this.wakeOnAppend = options.wakeOnAppend ?? true;
    this.advanced.setMaxListeners(1000);
  }

  /** Where each consumer this process applies stands in the log now (what it has applied or passed over). */
  consumerPositions(): { name: string; kind: LogConsumer['kind']; position: LogPosition }[] {
    return this.projections.map((p) => ({ name: p.name, kind: p.kind, position: this.positions.get(p.name) ?? START }));
  }

  /** Every projector and reactor following the log. */
  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /** Whether the loop follows the log live (after `start`); otherwise `waitFor` catches up itself. */
  get following(): boolean {
    return this.loop !== undefined;
  }

  /** The projectors: the read models a rebuild may reset. */
  get projectorNames(): string[] {
    return this.projections.filter((p) => p.kind === 'projector').map((p) => p.name);
  }

  async loadCheckpoints(): Promise<void> {
    for (const projection of this.projections) {
      this.positions.set(projection.name, await readCheckpoint(this.db, projection.name));
    }
  }

  /**
   * Processes everything in the log now; resolves when every projection has reached its end or
   * parked what it cannot apply. Never throws for an event: start-up cannot be stopped by one.
   */
  async catchUp(onProgress?: (progress: { processed: number }) => void): Promise<number> {
    if (this.positions.size === 0) await this.loadCheckpoints();
    let processed = 0;
    for (;;) {
      const outcome = await this.processBatch();
      if (outcome.progressed) {
        processed += outcome.read;
        onProgress?.({ processed });
      } else if (outcome.failing) {
        await sleep(this.retryDelayMs);
      } else {
        return processed;
      }
    }
  }

  async start(): Promise<void> {
    await this.catchUp();
    const step = async () => {
      const outcome = await this.processBatch();
      return outcome.progressed ? outcome.read : 0;
    };
    const loop = new WorkerLoop('projections', step, this.logger, this.pollIntervalMs);
    this.loop = loop;
    if (this.wakeOnAppend) this.unsubscribe = this.store.onAppended(() => loop.wake());
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

  /**
   * Read-your-writes after an append: nothing to wait for when its inline projections wrote it and
   * this process follows the log live; only the projections that left some of its events to their
   * asynchronous pass, when some did; otherwise every projection.
   */
  async waitForAppend(appended: AppendResult): Promise<boolean> {
    if (appended.awaitingProjections) return this.waitFor(appended.position, undefined, appended.awaitingProjections);
    return appended.projectedInline && this.following ? true : this.waitFor(appended.position);
  }

  /**
   * Resolves true once every projection has applied the event at `position` (read-your-writes):
   * this process's consumers, then those it follows in another process. With `only`, just those
   * projections of this process.
   */
  async waitFor(position: LogPosition, timeoutMs = 5000, only?: readonly string[]): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    if (!(await this.waitForOwn(position, timeoutMs, only))) return false;
    const followed = this.followed;
    if (!followed || position.commit < 0n || only) return true;
    for (;;) {
      if ((await followed.behind(position)).length === 0) return true;
      if (performance.now() >= deadline) return false;
      await sleep(this.followPollMs);
    }
  }

  private async waitForOwn(position: LogPosition, timeoutMs: number, only?: readonly string[]): Promise<boolean> {
    if (this.reached(position, only)) return true;
    const loop = this.loop;
    if (!loop) {
      await this.catchUp();
      return this.reached(position, only);
    }
    return new Promise((resolve) => {
      const onAdvance = () => {
        if (!this.reached(position, only)) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(this.reached(position, only));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.advanced.off('advanced', onAdvance);
      };
      this.advanced.on('advanced', onAdvance);
      loop.wake();
    });
  }

  /**
   * Empties the named projectors' tables and checkpoints so that the next catch-up rebuilds them.
   * Reactors are never reset: their effects (work rows, soon webhooks) must not happen twice.
   */
  async reset(names: string[]): Promise<void> {
    const reactors = names.filter((name) => this.projections.some((p) => p.name === name && p.kind === 'reactor'));
    if (reactors.length > 0) throw new Error(`reactors are never reset: ${reactors.join(', ')}`);
    const selected = this.projections.filter((p) => p.kind === 'projector' && names.includes(p.name));
    this.resets += 1;
    await this.db.transaction(async (tx) => {
      for (const projection of selected) {
        if (projection.kind === 'projector' && projection.tables.length > 0) await tx.query(`TRUNCATE ${projection.tables.join(', ')}`);
        await deleteCheckpoint(tx, projection.name);
        await forgetParkedEvents(tx, projection.name); // the rebuild meets them again
      }
    });
    for (const projection of selected) this.positions.set(projection.name, START);
  }

  /** Each projection's checkpoint, how many events of the log it has still to see, and what it parked. */
  async status(): Promise<ProjectionStatus[]> {
    const parked = await listParkedEvents(this.db);
    const statuses: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const checkpoint = await readCheckpoint(this.db, projection.name);
      statuses.push({
        name: projection.name,
        checkpoint,
        lag: await this.countAfter(checkpoint, projection.handles),
        parked: parked.filter((event) => event.projection === projection.name),
      });
    }
    return statuses;
  }

  /**
   * Applies the projection's parked events again (after a fix), in log order, each in its own
   * transaction; one that applies leaves the parked list, one that fails again stays with its new
   * error. An event whose stream was erased meanwhile is forgotten.
   */
  async retryParked(name: string): Promise<{ applied: number; failed: number; gone: number }> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`unknown projection ${name}`);
    const outcome = { applied: 0, failed: 0, gone: 0 };
    for (const parked of await listParkedEvents(this.db, name)) {
      const event = (await this.store.readStream(parked.stream)).find((e) => e.id === parked.eventId);
      if (!event) {
        await unparkEvent(this.db, name, parked.eventId);
        outcome.gone += 1;
        continue;
      }
      try {
        await this.db.transaction(async (tx) => {
          await applyTo(projection, event, tx);
          await unparkEvent(tx, name, parked.eventId);
        });
        outcome.applied += 1;
      } catch (error) {
        await recordRetryFailure(this.db, name, parked.eventId, describeFailure(error));
        outcome.failed += 1;
      }
    }
    return outcome;
  }

  /** Events of the given types in the log after `position`, counted by reading (up to `cap` events read). */
  private async countAfter(position: LogPosition, types: readonly string[], cap = 100_000): Promise<number> {
    let count = 0;
    let read = 0;
    let at = position;
    while (read < cap) {
      const events = await this.store.readAll(at, 1000);
      if (events.length === 0) break;
      read += events.length;
      count += events.filter((event) => types.includes(event.type)).length;
      at = events[events.length - 1].position;
    }
    return count;
  }

  private reached(position: LogPosition, only?: readonly string[]): boolean {
    for (const projection of this.projections) {
      if (only && !only.includes(projection.name)) continue;
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

  /**
   * One batch of the log through every projection that has not seen it. All projections with work
   * share one transaction (one checkpoint lock and one checkpoint write for all). If that fails,
   * each projection is applied on its own, event by event, so a failing one holds back neither
   * the others nor its own other events for long: the event that fails is retried on the next
   * passes and, after `maxAttempts`, parked (see `parked-events.ts`) and passed over.
   */
  private async processBatch(): Promise<BatchOutcome> {
    const resets = this.resets;
    const windowStart = this.lowestPosition();
    const events = await this.store.readAll(windowStart, this.batchSize);
    if (events.length === 0) return { read: 0, progressed: false, failing: false };
    const last = events[events.length - 1].position;
    const work: PendingWork[] = [];
    const idle: LogConsumer[] = [];
    for (const projection of this.projections) {
      const from = this.positions.get(projection.name) ?? START;
      if (comparePositions(last, from) <= 0) continue;
      // Reset while the batch was read: this window starts after its new position, so applying it would skip events.
      if (comparePositions(from, windowStart) < 0) continue;
      const relevant = events.filter((event) => comparePositions(event.position, from) > 0 && projection.handles.includes(event.type));
      // Events a projection ignores move it on without a write; after a restart it reads them again, harmlessly.
      if (relevant.length === 0) {
        this.positions.set(projection.name, last);
        if (this.storeIdleCheckpoints.has(projection.name)) idle.push(projection);
      } else work.push({ projection, from, events: relevant });
    }
    let progressed = work.length < this.projections.length;
    let failing = false;
    if (work.length > 0) {
      try {
        await this.applyTogether([...work, ...idle.map((projection) => ({ projection, from: last, events: [] }))], last, resets);
        progressed = true;
      } catch {
        for (const item of work) {
          const outcome = await this.applyEventByEvent(item, last, resets);
          progressed ||= outcome.progressed;
          failing ||= outcome.failing;
        }
      }
    }
    this.advanced.emit('advanced', events);
    return { read: events.length, progressed, failing };
  }

  /** Applies one projection's events each in its own transaction; parks an event that keeps failing. */
  private async applyEventByEvent(item: PendingWork, last: LogPosition, resets: number): Promise<{ progressed: boolean; failing: boolean }> {
    const name = item.projection.name;
    let progressed = false;
    for (const event of item.events) {
      const from = this.positions.get(name) ?? START;
      if (comparePositions(event.position, from) <= 0) continue;
      try {
        await this.applyTogether([{ projection: item.projection, from, events: [event] }], event.position, resets);
        this.failures.delete(name);
        progressed = true;
      } catch (error) {
        const previous = this.failures.get(name);
        const attempts = (previous?.eventId === event.id ? previous.attempts : 0) + 1;
        const failure = describeFailure(error);
        const where = { projection: name, eventId: event.id, eventType: event.type, stream: event.stream, attempts, error: failure };
        if (attempts < this.maxAttempts) {
          this.failures.set(name, { eventId: event.id, attempts });
          this.logger.warn(where, 'projection could not apply an event; it will retry, the others go on');
          return { progressed, failing: true };
        }
        await this.park(item.projection, from, event, attempts, failure);
        this.failures.delete(name);
        this.logger.error(where, 'projection parked an event it cannot apply; see feedbackctl projections status');
        progressed = true;
      }
    }
    // The rest of the batch holds nothing for this projection.
    const from = this.positions.get(name) ?? START;
    if (comparePositions(last, from) > 0) await this.applyTogether([{ projection: item.projection, from, events: [] }], last, resets);
    return { progressed: true, failing: false };
  }

  /** Records the event as parked and moves the projection's checkpoint past it, in one transaction. */
  private async park(projection: LogConsumer, from: LogPosition, event: RecordedEvent, attempts: number, error: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = (await lockCheckpoints(tx, [projection.name])).get(projection.name)!;
      if (comparePositions(stored, from) > 0) return; // another projector moved on meanwhile
      await parkEvent(tx, projection.name, event, attempts, error);
      await writeCheckpoints(tx, [projection.name], event.position);
    });
    this.positions.set(projection.name, event.position);
  }

  private async applyTogether(work: PendingWork[], last: LogPosition, resets: number): Promise<void> {
    const applied = await this.db.transaction(async (tx) => {
      // Another projector process may have advanced a projection: the row locks serialise us, and a
      // checkpoint beyond ours means that projection's part of the batch is not ours to apply.
      const stored = await lockCheckpoints(
        tx,
        work.map((item) => item.projection.name),
      );
      // Reset since this batch was read (its truncation has committed once these locks are ours): the next batch starts over.
      if (this.resets !== resets) return new Map<string, LogPosition>();
      const positions = new Map<string, LogPosition>();
      const advanced: string[] = [];
      for (const item of work) {
        const at = stored.get(item.projection.name)!;
        if (comparePositions(at, item.from) > 0) {
          positions.set(item.projection.name, at);
          continue;
        }
        await applyInOrder(item.projection, item.events, tx);
        positions.set(item.projection.name, last);
        advanced.push(item.projection.name);
      }
      await writeCheckpoints(tx, advanced, last);
      return positions;
    });
    for (const [name, position] of applied) this.positions.set(name, position);
  }
}

export interface ProjectionStatus {
  name: string;
  checkpoint: LogPosition;
  /** Events after the stored checkpoint that the projection has still to apply. */
  lag: number;
  parked: ParkedEvent[];
}

interface BatchOutcome {
  /** Events read from the log. */
  read: number;
  /** Some projection moved its checkpoint. */
  progressed: boolean;
  /** Some projection failed on an event it has not yet parked. */
  failing: boolean;
}

interface PendingWork {
  projection: LogConsumer;
  from: LogPosition;
  events: RecordedEvent[];
}
