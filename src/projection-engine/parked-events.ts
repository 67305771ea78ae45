import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import type { LogPosition, RecordedEvent } from '../eventstore/event-store.js';

/**
 * Events a projection could not apply after its bounded retries: kept (ids and the error only,
 * never the event's data) so the operator sees them and can re-apply them after a fix.
 */
export const parkedEventMigrations: Migration[] = [
  {
    id: '0007_parked_events',
    sql: `
      CREATE TABLE parked_events (
        projection text NOT NULL,
        event_id uuid NOT NULL,
        stream text NOT NULL,
        revision integer NOT NULL,
        event_type text NOT NULL,
        commit_position numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        attempts integer NOT NULL,
        error text NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (projection, event_id)
      );
    `,
  },
];

export interface ParkedEvent {
  projection: string;
  eventId: string;
  stream: string;
  revision: number;
  eventType: string;
  position: LogPosition;
  attempts: number;
  error: string;
  parkedAt: Date;
}

interface ParkedRow {
  projection: string;
  event_id: string;
  stream: string;
  revision: number;
  event_type: string;
  commit_position: string;
  prepare_position: string;
  attempts: number;
  error: string;
  parked_at: Date;
}

export async function parkEvent(db: Queryable, projection: string, event: RecordedEvent, attempts: number, error: string): Promise<void> {
  await db.query(
    `INSERT INTO parked_events (projection, event_id, stream, revision, event_type, commit_position, prepare_position, attempts, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (projection, event_id) DO UPDATE SET attempts = parked_events.attempts + EXCLUDED.attempts, error = EXCLUDED.error, parked_at = now()`,
    [projection, event.id, event.stream, event.revision, event.type, event.position.commit.toString(), event.position.prepare.toString(), attempts, error],
  );
}

/** Parked events in log order, of one projection or of all. */
export async function listParkedEvents(db: Queryable, projection?: string): Promise<ParkedEvent[]> {
  const result = await db.query<ParkedRow>(
    `SELECT projection, event_id, stream, revision, event_type, commit_position::text, prepare_position::text, attempts, error, parked_at
       FROM parked_events WHERE $1::text IS NULL OR projection = $1
      ORDER BY commit_position, prepare_position, projection`,
    [projection ?? null],
  );
  return result.rows.map((row) => ({
    projection: row.projection,
    eventId: row.event_id,
    stream: row.stream,
    revision: row.revision,
    eventType: row.event_type,
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    attempts: row.attempts,
    error: row.error,
    parkedAt: row.parked_at,
  }));
}

export async function unparkEvent(db: Queryable, projection: string, eventId: string): Promise<void> {
  await db.query(`DELETE FROM parked_events WHERE projection = $1 AND event_id = $2`, [projection, eventId]);
}

export async function recordRetryFailure(db: Queryable, projection: string, eventId: string, error: string): Promise<void> {
  await db.query(`UPDATE parked_events SET attempts = attempts + 1, error = $3 WHERE projection = $1 AND event_id = $2`, [projection, eventId, error]);
}

export async function forgetParkedEvents(db: Queryable, projection: string): Promise<void> {
  await db.query(`DELETE FROM parked_events WHERE projection = $1`, [projection]);
}
