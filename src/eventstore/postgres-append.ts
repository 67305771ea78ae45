import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import {
  StreamErasedError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.js';

export interface AppendRequest {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

/**
 * Appends several requests inside one transaction with a fixed number of statements: lock every
 * stream (in sorted order, so concurrent batches cannot deadlock), read their revisions, check each
 * request's expected revision, insert all accepted events at once. A refused request does not stop
 * the others.
 */
export async function appendRequestsIn(tx: Queryable, requests: AppendRequest[]): Promise<AppendOutcome[]> {
  const streams = [...new Set(requests.map((r) => r.stream))].sort();
  await tx.query(
    `SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(s, 0) AS h FROM unnest($1::text[]) AS s ORDER BY s) AS locks`,
    [streams],
  );
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
  const columns = { ids: [] as string[], streams: [] as string[], revisions: [] as number[], types: [] as string[], data: [] as string[], metadata: [] as string[] };
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
      columns.data.push(JSON.stringify(event.data));
      columns.metadata.push(JSON.stringify(event.metadata ?? {}));
    }
    revisions.set(request.stream, revision);
    outcomes.push({ ok: true, eventIds });
  }
  const positions = new Map<string, { revision: number; commit: bigint; prepare: bigint }>();
  if (columns.ids.length > 0) {
    const inserted = await tx.query<{ event_id: string; revision: number; transaction_id: string; global_position: string }>(
      `INSERT INTO events (event_id, stream, revision, type, data, metadata)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[])
       RETURNING event_id, revision, transaction_id::text AS transaction_id, global_position`,
      [columns.ids, columns.streams, columns.revisions, columns.types, columns.data, columns.metadata],
    );
    for (const row of inserted.rows) {
      positions.set(row.event_id, { revision: row.revision, commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) });
    }
  }
  return outcomes.map((outcome) => {
    if (!('eventIds' in outcome)) return outcome;
    const last = positions.get(outcome.eventIds[outcome.eventIds.length - 1])!;
    return { ok: true, result: { nextRevision: last.revision, position: { commit: last.commit, prepare: last.prepare } } };
  });
}
