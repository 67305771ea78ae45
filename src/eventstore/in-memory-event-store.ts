import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../support/clock.js';
import {
  StreamErasedError,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.js';
import { prepareAppend } from './postgres-append.js';

/** An event as kept in memory: data and metadata as JSON text, so that nobody holds a live reference to them. */
interface StoredEvent {
  id: string;
  stream: string;
  type: string;
  data: string;
  metadata: string;
  revision: number;
  position: LogPosition;
  recordedAt: Date;
}

function toRecorded(event: StoredEvent): RecordedEvent {
  return {
    id: event.id,
    stream: event.stream,
    type: event.type,
    data: JSON.parse(event.data),
    metadata: JSON.parse(event.metadata),
    revision: event.revision,
    position: { ...event.position },
    recordedAt: new Date(event.recordedAt),
  };
}

/**
 * The event store port in process memory, for fast tests; it passes the same contract suite as the
 * PostgreSQL and EventStoreDB adapters. Each append is one "transaction": its events share `commit`
 * and take consecutive `prepare` numbers, as in PostgreSQL. Events go through the PostgreSQL
 * adapter's serialization, so what it would refuse (NUL, unpaired surrogates) is refused here too
 * and data reads back as it would from jsonb (e.g. `undefined` fields dropped).
 */
export class InMemoryEventStore implements EventStore {
  readonly name = 'in-memory';
  private readonly appended = new EventEmitter();
  /** The global log in position order; erasing a stream removes its events from it. */
  private log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly erased = new Set<string>();
  private lastCommit = 0n;
  private lastPrepare = 0n;

  constructor(private readonly clock: Clock = systemClock) {
    this.appended.setMaxListeners(100);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const prepared = prepareAppend({ stream, events, expected });
    if (this.erased.has(stream)) throw new StreamErasedError(stream);
    const existing = this.streams.get(stream) ?? [];
    const actual = existing.length === 0 ? null : existing.length - 1;
    if ((expected === 'no_stream' && actual !== null) || (typeof expected === 'number' && actual !== expected)) {
      throw new WrongExpectedRevisionError(stream, expected, actual ?? 'no_stream');
    }

    const commit = (this.lastCommit += 1n);
    const recordedAt = this.clock.now();
    const stored = prepared.events.map((event, i): StoredEvent => ({
      id: randomUUID(),
      stream,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      revision: existing.length + i,
      position: { commit, prepare: (this.lastPrepare += 1n) },
      recordedAt,
    }));
    this.streams.set(stream, [...existing, ...stored]);
    this.log.push(...stored);
    this.appended.emit('appended');
    const last = stored[stored.length - 1];
    return { nextRevision: last.revision, position: { ...last.position } };
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return (this.streams.get(stream) ?? []).map(toRecorded);
  }

  async readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
    const start = this.firstIndexAfter(after);
    return this.log.slice(start, start + Math.max(0, limit)).map(toRecorded);
  }

  /** Binary search: the log is in position order. */
  private firstIndexAfter(after: LogPosition): number {
    let low = 0;
    let high = this.log.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(this.log[middle].position, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  async erase(stream: string): Promise<void> {
    this.erased.add(stream);
    if (!this.streams.delete(stream)) return;
    this.log = this.log.filter((event) => event.stream !== stream);
  }

  async eraseStreams(streams: readonly string[]): Promise<void> {
    for (const stream of streams) await this.erase(stream);
  }

  async countAll(): Promise<number> {
    return this.log.length;
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
  }
}
