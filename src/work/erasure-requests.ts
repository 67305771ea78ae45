import type { Database } from '../db/database.js';

/** Every table that can hold feedback text or words taken from it (labels), in the log or a read model. */
const TEXT_TABLES = ['events', 'feedback_items', 'cluster_members', 'clusters'] as const;

/**
 * Where an end user's profile and traces were: their stream, the users read model (traits, aliases,
 * value marks, merge suggestions naming their email), the health queues, webhook payloads and Slack alerts naming them.
 */
const USER_TABLES = [
  'events',
  'users',
  'user_aliases',
  'user_value_marks',
  'user_feedback',
  'identity_suggestions',
  'user_band_history',
  'health_feedback_users',
  'user_health_due',
  'health_at_risk',
  'webhook_deliveries',
  'slack_alerts',
] as const;

/** Every table an erasure may ask the maintenance pass to rewrite; only these names reach its SQL. */
export const ERASABLE_TABLES: readonly string[] = [...new Set([...TEXT_TABLES, ...USER_TABLES])];

/** The tables that held copies of an erased stream's content. */
export function tablesHoldingCopiesOf(stream: string): readonly string[] {
  if (stream.startsWith('cluster-label-')) return ['events', 'clusters'];
  if (stream.startsWith('user-')) return USER_TABLES;
  return TEXT_TABLES;
}

/**
 * Closes an erasure job and asks the maintenance pass to rewrite the tables it touched, in one
 * transaction: a crash in between leaves the job to be repeated rather than the request lost.
 */
export async function finishErasure(db: Database, stream: string): Promise<void> {
  await finishErasures(db, [stream]);
}

/** `finishErasure` for many streams: one transaction, each touched table asked for once. */
export async function finishErasures(db: Database, streams: readonly string[]): Promise<void> {
  const tables = [...new Set(streams.flatMap(tablesHoldingCopiesOf))];
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM erasure_jobs WHERE stream = ANY ($1::text[])`, [streams]);
    await tx.query(`INSERT INTO erasure_vacuum_requests (table_name) SELECT unnest($1::text[])`, [tables]);
  });
}
