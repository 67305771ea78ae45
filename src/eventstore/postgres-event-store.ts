import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/database.js';
import {
  StreamErasedError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.js';

interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    revision: row.revision,
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    recordedAt: row.recorded_at,
  };
}

const COLUMNS = `global_position, transaction_id::text AS transaction_id, event_id, stream, revision, type, data, metadata, recorded_at`;

/**
 * Event store in PostgreSQL, in the same database as the read models.
 *
 * The global log is ordered by (transaction id, sequence). A reader only sees transactions older
 * than the oldest one still in flight (`pg_snapshot_xmin`): a transaction that took its sequence
 * numbers early but commits late can therefore never be skipped.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  private readonly appended = new EventEmitter();

  constructor(private readonly db: Database) {
    this.appended.setMaxListeners(100);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const result = await this.db.transaction((tx) => this.appendIn(tx, stream, events, expected));
    this.appended.emit('appended');
    return result;
  }

  /** Appends inside a caller's transaction (used to batch appends of many requests into one commit). */
  async appendIn(tx: Queryable, stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Serialises appends to one stream, so the revision check below cannot race.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [stream]);
    const erased = await tx.query(`SELECT 1 FROM erased_streams WHERE stream = $1`, [stream]);
    if (erased.rowCount > 0) throw new StreamErasedError(stream);
    const current = await tx.query<{ revision: number | null }>(
      `SELECT max(revision) AS revision FROM events WHERE stream = $1`,
      [stream],
    );
    const actual = current.rows[0]?.revision ?? null;
    if (expected === 'no_stream' && actual !== null) {
      throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    if (typeof expected === 'number' && actual !== expected) {
      throw new WrongExpectedRevisionError(stream, expected, actual ?? 'no_stream');
    }
    let revision = actual ?? -1;
    let last: EventRow | undefined;
    for (const event of events) {
      revision += 1;
      const inserted = await tx.query<EventRow>(
        `INSERT INTO events (event_id, stream, revision, type, data, metadata)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [randomUUID(), stream, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {})],
      );
      last = inserted.rows[0];
    }
    const recorded = toRecorded(last!);
    return { nextRevision: recorded.revision, position: recorded.position };
  }

  notifyAppended(): void {
    this.appended.emit('appended');
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const rows = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream = $1 ORDER BY revision`,
      [stream],
    );
    return rows.rows.map(toRecorded);
  }

  async readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
    const rows = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events
        WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        -- Qualified: a bare name would sort by the output column transaction_id::text ('1000' < '999').
        ORDER BY events.transaction_id, events.global_position
        LIMIT $3`,
      [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), limit],
    );
    return rows.rows.map(toRecorded);
  }

  async countAll(): Promise<number> {
    const result = await this.db.query<{ count: string }>(`SELECT count(*) AS count FROM events`);
    return Number(result.rows[0].count);
  }

  async erase(stream: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [stream]);
      await tx.query(`DELETE FROM events WHERE stream = $1`, [stream]);
      await tx.query(`INSERT INTO erased_streams (stream) VALUES ($1) ON CONFLICT DO NOTHING`, [stream]);
    });
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
  }
}
