import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import {
  StreamErasedError,
  type AppendOutcome,
  type StreamAppend,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type RecordedEvent,
} from './event-store.js';
import { applyInline, projectionsDeferring, type InlineFailureListener, type InlineProjection } from './inline-projections.js';

export type AppendRequest = StreamAppend;

/** A request whose events are already serialized and known to be storable. */
export interface PreparedAppend {
  stream: string;
  expected: ExpectedRevision;
  events: { type: string; data: string; metadata: string }[];
}

/** Refused before it reaches the database: text PostgreSQL cannot store (NUL, an unpaired surrogate). */
export class UnstorableEventError extends Error {
  constructor(
    readonly stream: string,
    readonly eventType: string,
    readonly field: 'stream' | 'type' | 'data' | 'metadata',
  ) {
    // JSON.stringify escapes the offending characters, so the message itself is well-formed.
    super(`Stream ${JSON.stringify(stream)}: event ${JSON.stringify(eventType)} has a NUL character or an unpaired surrogate in its ${field}`);
  }
}

const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// JSON.stringify writes both as \u escapes (paired surrogates stay literal characters); an even run
// of backslashes before the escape means those backslashes were the string's own.
const UNSTORABLE_JSON = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * Serializes a request and checks it holds nothing the text and jsonb columns refuse, so that a bad
 * request is refused alone instead of failing the transaction it would share with others.
 */
export function prepareAppend({ stream, events, expected }: AppendRequest): PreparedAppend {
  const prepared = events.map(({ type, data, metadata }) => {
    const serialized = { type, data: JSON.stringify(data), metadata: JSON.stringify(metadata ?? {}) };
    const refuse = (field: UnstorableEventError['field']) => new UnstorableEventError(stream, type, field);
    if (UNSTORABLE_TEXT.test(stream)) throw refuse('stream');
    if (UNSTORABLE_TEXT.test(type)) throw refuse('type');
    if (UNSTORABLE_JSON.test(serialized.data)) throw refuse('data');
    if (UNSTORABLE_JSON.test(serialized.metadata)) throw refuse('metadata');
    return serialized;
  });
  return { stream, expected, events: prepared };
}

/** The inline projections an append applies in its transaction, and who hears of their failures. */
export interface InlineOptions {
  projections: readonly InlineProjection[];
  onFailure: InlineFailureListener;
}

/**
 * Appends several requests inside one transaction with a fixed number of statements: lock every
 * stream (in sorted order, so concurrent batches cannot deadlock), read their revisions, check each
 * request's expected revision, insert all accepted events at once, then apply the inline
 * projections to them. A refused request does not stop the others.
 */
export async function appendRequestsIn(tx: Queryable, requests: PreparedAppend[], inline?: InlineOptions): Promise<AppendOutcome[]> {
  const streams = [...new Set(requests.map((r) => r.stream))].sort();
  await tx.query(`SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(s, 0) AS h FROM unnest($1::text[]) AS s ORDER BY s) AS locks`, [streams]);
  const current = await tx.query<{ stream: string; revision: number | null; erased: boolean }>(
    `SELECT s AS stream,
            (SELECT max(revision) FROM events e WHERE e.stream = s) AS revision,
            EXISTS (SELECT 1 FROM erased_streams x WHERE x.stream = s) AS erased
       FROM unnest($1::text[]) AS s`,
    [streams],
  );
  const revisions = new Map(current.rows.map((row) => [row.stream, row.revision]));
  const erased = new Set(current.rows.filter((row) => row.erased).map((row) => row.stream));

  const outcomes: (AppendOutcome | { ok: true; eventIds: string[] })[] = [];
  const columns = {
    ids: [] as string[],
    streams: [] as string[],
    revisions: [] as number[],
    types: [] as string[],
    data: [] as string[],
    metadata: [] as string[],
  };
  for (const request of requests) {
    if (erased.has(request.stream)) {
      outcomes.push({ ok: false, error: new StreamErasedError(request.stream) });
      continue;
    }
    const actual = revisions.get(request.stream) ?? null;
    const { expected } = request;
    if ((expected === 'no_stream' && actual !== null) || (typeof expected === 'number' && actual !== expected)) {
      outcomes.push({ ok: false, error: new WrongExpectedRevisionError(request.stream, expected, actual ?? 'no_stream') });
      continue;
    }
    let revision = actual ?? -1;
    const eventIds: string[] = [];
    for (const event of request.events) {
      revision += 1;
      const id = randomUUID();
      eventIds.push(id);
      columns.ids.push(id);
      columns.streams.push(request.stream);
      columns.revisions.push(revision);
      columns.types.push(event.type);
      columns.data.push(event.data);
      columns.metadata.push(event.metadata);
    }
    revisions.set(request.stream, revision);
    outcomes.push({ ok: true, eventIds });
  }
  const positions = new Map<string, { revision: number; commit: bigint; prepare: bigint }>();
  let projectedInline: InlineOutcome = { projected: new Set(), awaiting: new Map() };
  if (columns.ids.length > 0) {
    const inserted = await tx.query<{ event_id: string; revision: number; transaction_id: string; global_position: string; recorded_at: Date }>(
      `INSERT INTO events (event_id, stream, revision, type, data, metadata)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[])
       RETURNING event_id, revision, transaction_id::text AS transaction_id, global_position, recorded_at`,
      [columns.ids, columns.streams, columns.revisions, columns.types, columns.data, columns.metadata],
    );
    for (const row of inserted.rows) {
      positions.set(row.event_id, { revision: row.revision, commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) });
    }
    if (inline) projectedInline = await projectInline(tx, inline, columns, inserted.rows);
  }
  return outcomes.map((outcome) => {
    if (!('eventIds' in outcome)) return outcome;
    const last = positions.get(outcome.eventIds[outcome.eventIds.length - 1])!;
    const result: AppendResult = { nextRevision: last.revision, position: { commit: last.commit, prepare: last.prepare } };
    if (outcome.eventIds.some((id) => projectedInline.projected.has(id))) result.projectedInline = true;
    const awaiting = new Set(outcome.eventIds.flatMap((id) => projectedInline.awaiting.get(id) ?? []));
    if (awaiting.size > 0) result.awaitingProjections = [...awaiting];
    return { ok: true, result };
  });
}

interface InlineOutcome {
  /** Events every inline projection of their type has applied. */
  projected: Set<string>;
  /** Events applied inline in part: the projections that left them to the asynchronous pass. */
  awaiting: Map<string, string[]>;
}

/**
 * The inserted events some inline projection handles, as the log will give them back (data parsed
 * from the stored JSON), applied inline; says which are now projected, and which wait for some
 * projection's asynchronous pass.
 */
async function projectInline(
  tx: Queryable,
  inline: InlineOptions,
  columns: { ids: string[]; streams: string[]; types: string[]; data: string[]; metadata: string[] },
  inserted: { event_id: string; revision: number; transaction_id: string; global_position: string; recorded_at: Date }[],
): Promise<InlineOutcome> {
  const types = new Set(inline.projections.flatMap((projection) => projection.inline));
  const index = new Map(columns.ids.map((id, i) => [id, i]));
  const events: RecordedEvent[] = [];
  for (const row of inserted) {
    const i = index.get(row.event_id)!;
    if (!types.has(columns.types[i])) continue;
    events.push({
      id: row.event_id,
      stream: columns.streams[i],
      type: columns.types[i],
      data: JSON.parse(columns.data[i]) as Record<string, unknown>,
      metadata: JSON.parse(columns.metadata[i]) as EventMetadata,
      revision: row.revision,
      position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
      recordedAt: row.recorded_at,
    });
  }
  const outcome: InlineOutcome = { projected: new Set(), awaiting: new Map() };
  if (events.length === 0 || !(await applyInline(tx, inline.projections, events, inline.onFailure))) return outcome;
  for (const event of events) {
    // A deferred event is projected in part: its caller waits for the deferring projections' asynchronous pass.
    const deferring = projectionsDeferring(inline.projections, event);
    if (deferring.length > 0) outcome.awaiting.set(event.id, deferring);
    else outcome.projected.add(event.id);
  }
  return outcome;
}
