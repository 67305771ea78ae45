import type { Queryable } from '../db/database.js';

export interface DeliveryAttemptRow {
  event_id: string;
  kind: string;
  occurred_at: Date;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  last_latency_ms: number | null;
}

/** The endpoint's most recent deliveries, newest event first (for `feedbackctl webhooks deliveries`). */
export async function recentDeliveries(db: Queryable, endpointId: string, limit: number): Promise<DeliveryAttemptRow[]> {
  const result = await db.query<DeliveryAttemptRow>(
    `SELECT event_id, kind, occurred_at, status, attempts, last_status, last_error, last_attempt_at, last_latency_ms
       FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY seq DESC, event_id LIMIT $2`,
    [endpointId, limit],
  );
  return result.rows;
}

/**
 * Queues again every finished delivery (delivered or failed) of the endpoint whose event occurred at
 * or after `since`: same event ids, a fresh retry budget. Only events the endpoint was subscribed to
 * when they happened are in its outbox. Returns how many were queued.
 */
export async function redeliverSince(db: Queryable, endpointId: string, since: Date): Promise<number> {
  const result = await db.query(
    `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, available_at = '-infinity', claimed_until = NULL
      WHERE endpoint_id = $1 AND occurred_at >= $2 AND status IN ('delivered', 'failed')`,
    [endpointId, since.toISOString()],
  );
  return result.rowCount ?? 0;
}

export async function endpointExists(db: Queryable, endpointId: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId])).rows.length > 0;
}
