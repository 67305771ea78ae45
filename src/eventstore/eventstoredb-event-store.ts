import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import {
  StreamErasedError,
  WrongExpectedRevisionError,
  comparePositions,
  type EventMetadata,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.js';

/** Largest page asked of the server in one `readAll` call (system events and erased streams are filtered after). */
const MAX_PAGE = 1000;
/** How many streams are checked for a tombstone at once while filtering a `readAll` page. */
const TOMBSTONE_CHECK_CONCURRENCY = 16;

function errorType(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'type' in error) {
    const type = (error as { type: unknown }).type;
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}

const isStreamNotFound = (error: unknown) => errorType(error) === ErrorType.STREAM_NOT_FOUND;
const isStreamDeleted = (error: unknown) => errorType(error) === ErrorType.STREAM_DELETED;
const isWrongExpectedVersion = (error: unknown) => errorType(error) === ErrorType.WRONG_EXPECTED_VERSION;

/** System records ($-prefixed event types such as `$streamDeleted`, `$metadata`, link events `$>`, or $-streams). */
function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
  return BigInt(expected);
}

function toActual(value: unknown): number | 'no_stream' {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  return 'no_stream';
}

function toObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)) {
    return value as Record<string, unknown>;
  }
  if (value instanceof Uint8Array && value.length > 0) {
    try {
      const parsed = JSON.parse(Buffer.from(value).toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: ignored below
    }
  }
  return value === undefined || value === null ? {} : { value };
}

interface EsdbRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

function toRecorded(event: EsdbRecord, position: LogPosition): RecordedEvent {
  return {
    id: event.id,
    stream: event.streamId,
    type: event.type,
    data: toObject(event.data),
    metadata: toObject(event.metadata) as EventMetadata,
    revision: Number(event.revision),
    position: { commit: position.commit, prepare: position.prepare },
    recordedAt: event.created,
  };
}

/**
 * Event store on EventStoreDB / KurrentDB through its gRPC client. Events are JSON, metadata is
 * JSON. Positions are EventStoreDB's own (commit, prepare) positions in the transaction file.
 *
 * Erasure uses `tombstoneStream` (a hard delete). EventStoreDB physically removes the stream's
 * events from disk only at the next scavenge; until then the records are still in the transaction
 * file, so this adapter hides them itself: `readStream` of a tombstoned stream returns [] and
 * `readAll` drops events of tombstoned streams (checked per stream, tombstones cached since they
 * are permanent). A tombstoned stream can never be written again: the server refuses the append
 * and the adapter reports it as StreamErasedError. Run scavenges regularly (e.g. a scheduled
 * `POST /admin/scavenge`) so that erased personal data does not stay on disk.
 *
 * Reading `$all` needs a user allowed to read it (by default an admin); the connection string
 * carries the credentials.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly appended = new EventEmitter();
  private readonly tombstoned = new Set<string>();

  private constructor(private readonly client: EventStoreDBClient) {
    this.appended.setMaxListeners(100);
  }

  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EventStoreDbEventStore(client);
    try {
      // Fails fast when the server cannot be reached or the credentials are wrong.
      await store.readStream(`connection-check-${randomUUID()}`);
    } catch (error) {
      await client.dispose().catch(() => {});
      throw error;
    }
    return store;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expectedRevision = toExpected(expected);
    let result;
    try {
      result = await this.client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: event.metadata ?? {},
          }),
        ),
        { expectedRevision },
      );
    } catch (error) {
      if (isStreamDeleted(error)) {
        this.tombstoned.add(stream);
        throw new StreamErasedError(stream);
      }
      if (isWrongExpectedVersion(error)) {
        throw new WrongExpectedRevisionError(stream, expected, toActual((error as { actualVersion?: unknown }).actualVersion));
      }
      throw error;
    }
    const nextRevision = Number(result.nextExpectedRevision);
    const position = result.position ?? (await this.lastPositionOf(stream));
    this.appended.emit('appended');
    return { nextRevision, position: { commit: position.commit, prepare: position.prepare } };
  }

  /** Servers before 22.6 do not return the position of an append; read it back from the stream. */
  private async lastPositionOf(stream: string): Promise<LogPosition> {
    let found: LogPosition | undefined;
    // Read to the end (maxCount 1) rather than leave the loop early, which would cancel the call.
    for await (const resolved of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      const position = resolved.event?.position;
      if (position) found = position;
      else if (resolved.commitPosition !== undefined) found = { commit: resolved.commitPosition, prepare: resolved.commitPosition };
    }
    if (found) return found;
    throw new Error(`Cannot determine the log position of the last append to ${stream}`);
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, { direction: FORWARDS, fromRevision: ESDB_START })) {
        const event = resolved.event as EsdbRecord | undefined;
        if (!event || isSystemEvent(event)) continue;
        const position = event.position ?? { commit: resolved.commitPosition ?? -1n, prepare: resolved.commitPosition ?? -1n };
        events.push(toRecorded(event, position));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      if (isStreamDeleted(error)) {
        this.tombstoned.add(stream);
        return [];
      }
      throw error;
    }
    return events;
  }

  async readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const result: RecordedEvent[] = [];
    // The server's read is inclusive of `fromPosition`; everything at or before `cursor` is skipped.
    let cursor: LogPosition = after;
    while (result.length < limit) {
      // +1 for the inclusive start record; never less than 2 so that a page always moves forward.
      const pageSize = Math.min(Math.max(limit - result.length + 1, 64), MAX_PAGE);
      const from: ReadPosition = cursor.commit < 0n ? ESDB_START : { commit: cursor.commit, prepare: cursor.prepare };
      let read = 0;
      let lastSeen: LogPosition | undefined;
      const candidates: { event: EsdbRecord; position: LogPosition }[] = [];
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: pageSize, direction: FORWARDS, resolveLinkTos: false })) {
        read += 1;
        const event = resolved.event as AllStreamRecordedEvent | undefined;
        if (!event?.position) continue;
        lastSeen = event.position;
        if (comparePositions(event.position, cursor) <= 0) continue;
        if (isSystemEvent(event)) continue;
        candidates.push({ event, position: event.position });
      }
      const erased = await this.tombstonedAmong(new Set(candidates.map((c) => c.event.streamId)));
      for (const candidate of candidates) {
        if (erased.has(candidate.event.streamId)) continue;
        result.push(toRecorded(candidate.event, candidate.position));
        if (result.length >= limit) break;
      }
      if (read < pageSize || !lastSeen || comparePositions(lastSeen, cursor) <= 0) break; // end of the log
      cursor = lastSeen;
    }
    return result;
  }

  /** The streams among `streams` that have been tombstoned (until a scavenge their events are still in $all). */
  private async tombstonedAmong(streams: Set<string>): Promise<Set<string>> {
    const erased = new Set<string>();
    const unknown: string[] = [];
    for (const stream of streams) {
      if (this.tombstoned.has(stream)) erased.add(stream);
      else unknown.push(stream);
    }
    let next = 0;
    const worker = async () => {
      while (next < unknown.length) {
        const stream = unknown[next++];
        if (await this.isTombstoned(stream)) erased.add(stream);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TOMBSTONE_CHECK_CONCURRENCY, unknown.length) }, worker));
    return erased;
  }

  private async isTombstoned(stream: string): Promise<boolean> {
    try {
      // Reading the last event (maxCount 1) is enough: a tombstoned stream fails with StreamDeletedError.
      for await (const _ of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        // nothing to do with the event itself
      }
      return false;
    } catch (error) {
      if (isStreamDeleted(error)) {
        this.tombstoned.add(stream);
        return true;
      }
      if (isStreamNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * Hard-deletes (tombstones) the stream. Reads stop returning its events at once; the data is
   * physically removed at the next scavenge; appends to the stream fail with StreamErasedError.
   */
  async erase(stream: string): Promise<void> {
    try {
      await this.client.tombstoneStream(stream, { expectedRevision: ANY });
    } catch (error) {
      if (!isStreamDeleted(error)) throw error; // already erased: nothing left to do
    }
    this.tombstoned.add(stream);
  }

  /** A tombstone is per stream: one call each, a few at a time. */
  async eraseStreams(streams: readonly string[]): Promise<void> {
    const queue = [...streams];
    const worker = async () => {
      for (let stream = queue.pop(); stream !== undefined; stream = queue.pop()) await this.erase(stream);
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
    await this.client.dispose();
  }
}
