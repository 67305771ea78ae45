import type { Queryable } from '../db/database.js';

/** Finished deliveries (delivered, or failed after the last retry) are kept this long for `redeliver`. */
export const DELIVERY_RETENTION_DAYS = 30;
export const DELIVERY_RETENTION_EVERY_MS = 3600_000;

/** Deletes finished deliveries whose last attempt is older than the retention; pending ones always stay. */
export async function pruneWebhookDeliveries(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.query(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND last_attempt_at < $1`, [before]);
  return result.rowCount ?? 0;
}

/** Slack alerts sent, failed or dropped are kept as long as finished deliveries, then deleted. */
export async function pruneSlackAlerts(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.query(`DELETE FROM slack_alerts WHERE status <> 'pending' AND last_attempt_at < $1`, [before]);
  return result.rowCount ?? 0;
}
