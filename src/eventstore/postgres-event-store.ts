import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/database.js';
import {
  type AppendOutcome,
  type StreamAppend,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogBacklog,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.js';
import { appendRequestsIn, prepareAppend, type InlineOptions, type PreparedAppend } from './postgres-append.js';
import { currentPriority, withPriority, type Priority } from '../db/priority.js';

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

const MAX_BATCH = 200;

interface PendingAppend {
  request: PreparedAppend;
  resolve: (result: AppendResult) => void;
  reject: (error: Error) => void;
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
  /** One lane per priority, so a request's append never queues behind a worker's batch waiting for the connection. */
  private readonly lanes: Record<Priority, { queue: PendingAppend[]; flushing: boolean }> = {
    foreground: { queue: [], flushing: false },
    background: { queue: [], flushing: false },
  };

  /** `inline`: the read models' parts written in the append's own transaction (see `inline-projections.ts`). */
  constructor(
    private readonly db: Database,
    private readonly inline?: InlineOptions,
  ) {
    this.appended.setMaxListeners(100);
  }

  /**
   * Appends that arrive while a commit is in flight wait for it and then share one transaction:
   * under concurrent requests this turns many small commits into a few larger ones. A request that
   * the database would refuse is refused here, alone (`UnstorableEventError`).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    let request: PreparedAppend;
    try {
      request = prepareAppend({ stream, events, expected });
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const priority = currentPriority();
      const lane = this.lanes[priority];
      lane.queue.push({ request, resolve, reject });
      if (lane.flushing) return;
      lane.flushing = true;
      // The first append of a batch waits for the event loop's check phase, after every socket that was
      // ready has been read: the embedded database answers through promises alone, so without this turn
      // each request's transaction would commit before the next request is even parsed (batches of one).
      setImmediate(() => void this.flush(priority));
    });
  }

  async appendMany(requests: readonly StreamAppend[]): Promise<AppendOutcome[]> {
    const outcomes: (AppendOutcome | undefined)[] = [];
    const prepared: { index: number; request: PreparedAppend }[] = [];
    requests.forEach((request, index) => {
      try {
        if (request.events.length === 0) throw new Error('append needs at least one event');
        prepared.push({ index, request: prepareAppend(request) });
      } catch (error) {
        outcomes[index] = { ok: false, error: error as Error };
      }
    });
    if (prepared.length > 0) {
      const appended = await withPriority(currentPriority(), () => this.appendBatch(prepared.map((p) => p.request)));
      this.appended.emit('appended');
      appended.forEach((outcome, i) => (outcomes[prepared[i].index] = outcome));
    }
    return outcomes as AppendOutcome[];
  }

  private async flush(priority: Priority): Promise<void> {
    const lane = this.lanes[priority];
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, MAX_BATCH);
      const outcomes = await withPriority(priority, () => this.appendBatch(batch.map((p) => p.request)));
      this.appended.emit('appended');
      outcomes.forEach((outcome, i) => (outcome.ok ? batch[i].resolve(outcome.result) : batch[i].reject(outcome.error)));
    }
    lane.flushing = false;
  }

  /**
   * One transaction for the whole batch. When a statement in it fails (the transaction rolled back,
   * nothing was written), each request is tried again in a transaction of its own, in order, so one
   * bad request fails only itself. A failure at commit leaves the outcome unknown: no retry then.
   */
  private async appendBatch(requests: PreparedAppend[]): Promise<AppendOutcome[]> {
    let failedInside: unknown;
    try {
      return await this.db.transaction((tx) =>
        appendRequestsIn(tx, requests, this.inline).catch((error) => {
          failedInside = error;
          throw error;
        }),
      );
    } catch (error) {
      if (requests.length === 1 || error !== failedInside) return requests.map(() => ({ ok: false, error: error as Error }));
    }
    const outcomes: AppendOutcome[] = [];
    for (const request of requests) {
      outcomes.push(
        await this.db
          .transaction((tx) => appendRequestsIn(tx, [request], this.inline))
          .then(
            ([outcome]) => outcome,
            (error) => ({ ok: false as const, error: error as Error }),
          ),
      );
    }
    return outcomes;
  }

  /** Appends inside a caller's transaction. */
  async appendIn(tx: Queryable, stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const [outcome] = await appendRequestsIn(tx, [prepareAppend({ stream, events, expected })], this.inline);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }

  notifyAppended(): void {
    this.appended.emit('appended');
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const rows = await this.db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream = $1 ORDER BY revision`, [stream]);
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

  /** The same window as `readAll` (below the snapshot horizon), counted on the log-order index without reading any event's data. */
  async backlogAfter(after: LogPosition, limit: number): Promise<LogBacklog> {
    const { rows } = await this.db.query<{ events: number; oldest: Date | null }>(
      `SELECT count(*)::int AS events, min(recorded_at) AS oldest FROM (
         SELECT recorded_at FROM events
          WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
            AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY events.transaction_id, events.global_position
          LIMIT $3) AS backlog`,
      [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), limit],
    );
    const { events, oldest } = rows[0];
    return { events, ...(oldest ? { oldest } : {}) };
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

  /** One transaction: the streams' append locks in sorted order (as an append takes them), one delete, one insert. */
  async eraseStreams(streams: readonly string[]): Promise<void> {
    if (streams.length === 0) return;
    const sorted = [...new Set(streams)].sort();
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(s, 0) AS h FROM unnest($1::text[]) AS s ORDER BY s) AS locks`, [sorted]);
      await tx.query(`DELETE FROM events WHERE stream = ANY ($1::text[])`, [sorted]);
      await tx.query(`INSERT INTO erased_streams (stream) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [sorted]);
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
