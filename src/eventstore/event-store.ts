/**
 * The event store port. Streams hold the events of one aggregate; the global log orders every
 * event of every stream. Adapters: PostgreSQL (default) and EventStoreDB/KurrentDB.
 */

import type { AppRole } from '../domain/app-session/events.js';
import type { KeyType } from '../domain/project/events.js';

/**
 * Who asked: an API key, by its id and never the key itself; a workspace session (a person signed in
 * through a link), by its id; or a part of the system (a worker, feedbackctl).
 */
export type Actor =
  { kind: 'api-key'; keyId: string; keyType: KeyType } | { kind: 'app-session'; sessionId: string; role: AppRole } | { kind: 'system'; name: string };

/**
 * Why an event was appended and on whose behalf (`CommandContext`): every append carries it; events
 * appended before metadata existed have none of it.
 */
export interface EventMetadata {
  /** Shared by everything one request or run set off. */
  correlationId?: string;
  /** What directly caused it: the HTTP request (its id), or the event a worker reacted to (its event id). */
  causationId?: string;
  actor?: Actor;
}

export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  metadata?: EventMetadata;
}

/**
 * A position in the global log. Both adapters order by (commit, prepare): EventStoreDB's own
 * positions, and in PostgreSQL the writing transaction's id and the row's sequence number.
 */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

export const START: LogPosition = { commit: -1n, prepare: -1n };

export interface RecordedEvent {
  id: string;
  stream: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  /** 0-based revision of the event within its stream. */
  revision: number;
  position: LogPosition;
  recordedAt: Date;
}

/** `no_stream`: the stream must not exist yet; `any`: no check; a number: the stream's current last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Position of the last appended event in the global log. */
  position: LogPosition;
  /** The inline projections (PostgreSQL log) applied these events in the append's transaction. */
  projectedInline?: true;
  /** Inline projections that left some of these events to their asynchronous pass: a reader of those waits for them alone. */
  awaitingProjections?: string[];
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${expected}, actual ${actual}`);
  }
}

export class StreamErasedError extends Error {
  constructor(readonly stream: string) {
    super(`Stream ${stream} has been erased`);
  }
}

export interface LogBacklog {
  /** Events after the position, at most the limit asked for. */
  events: number;
  /** When the first of them was recorded; undefined when there is none. */
  oldest?: Date;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/** What became of one request of a multi-stream append: each succeeds or is refused alone. */
export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

export interface EventStore {
  readonly name: string;
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams in one transaction, in the order given (the log keeps it); a request
   * refused (its expected revision, an erased stream) fails alone. Optional: `appendInOrder` falls back to
   * one `append` after another where an adapter has no such transaction.
   */
  appendMany?(requests: readonly StreamAppend[]): Promise<AppendOutcome[]>;
  /** The stream's events in revision order; empty when it does not exist or was erased. */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /** Events strictly after `after` in global order, at most `limit`. Never skips a late commit. */
  readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]>;
  /** Removes every event of the stream so that no readable copy is left; later appends fail. */
  erase(stream: string): Promise<void>;
  /** `erase` for many streams at once (a user erasure's items): one transaction where the adapter allows. */
  eraseStreams(streams: readonly string[]): Promise<void>;
  /**
   * Events strictly after `after` (counted up to `limit`) and when the oldest of them was recorded:
   * a cheap reading of how far a reader is behind the log's end, without reading the events; optional.
   */
  backlogAfter?(after: LogPosition, limit: number): Promise<LogBacklog>;
  /** How many events the log holds, for progress display; optional. */
  countAll?(): Promise<number>;
  /** Calls `listener` after each local append (a hint to wake readers; they still read the log). */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}
