import type { Queryable } from '../db/database.js';
import type { LogPosition } from '../eventstore/event-store.js';
import type { LogConsumer } from './projection.js';

/**
 * Consumers another process applies (on an API node: the reactors, which only the worker runs), as
 * seen from the database, so that `waitFor` on this node still means "every consumer has seen the
 * position". With the log in PostgreSQL only.
 *
 * A consumer has reached a position when its stored checkpoint is at or past it, or when no event it
 * handles lies between its checkpoint and the position (a consumer moves past events it ignores
 * without writing its checkpoint). Both hold only once nothing older than the position can still
 * commit (the same `pg_snapshot_xmin` horizon the consumers read the log up to).
 */
export class FollowedConsumers {
  /** The consumers' names and event types, as the JSON parameter of `behind`'s query. */
  private readonly consumersJson: string;
  readonly empty: boolean;

  constructor(
    private readonly db: Queryable,
    consumers: readonly LogConsumer[],
  ) {
    this.consumersJson = JSON.stringify(consumers.map((consumer) => ({ name: consumer.name, types: consumer.handles })));
    this.empty = consumers.length === 0;
  }

  /** The followed consumers that have not yet reached `position` (all of them while it is not yet below the horizon). */
  async behind(position: LogPosition): Promise<string[]> {
    if (position.commit < 0n) return [];
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT f.name
         FROM jsonb_to_recordset($3::jsonb) AS f(name text, types text[])
         LEFT JOIN projection_checkpoints c ON c.name = f.name
        WHERE NOT ($1::text::xid8 < pg_snapshot_xmin(pg_current_snapshot()))
           OR (coalesce(c.commit_position, -1), coalesce(c.prepare_position, -1)) < ($1::numeric, $2::numeric)
          AND EXISTS (
                SELECT 1 FROM events e
                 WHERE (e.transaction_id, e.global_position) > (greatest(c.commit_position, 0)::text::xid8, coalesce(c.prepare_position, -1)::bigint)
                   AND (e.transaction_id, e.global_position) <= ($1::text::xid8, $2::bigint)
                   AND e.type = ANY (f.types))`,
      [position.commit.toString(), position.prepare.toString(), this.consumersJson],
    );
    return rows.map((row) => row.name);
  }
}
