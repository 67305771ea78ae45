import type { Database } from '../db/database.js';

/** Every table that can hold feedback text or words taken from it (labels), in the log or a read model. */
export const TEXT_TABLES = ['events', 'feedback_items', 'cluster_members', 'clusters'] as const;

/** The tables that held copies of an erased stream's content. */
export function tablesHoldingCopiesOf(stream: string): readonly string[] {
  if (stream.startsWith('cluster-label-')) return ['events', 'clusters'];
  return TEXT_TABLES;
}

/**
 * Closes an erasure job and asks the maintenance pass to rewrite the tables it touched, in one
 * transaction: a crash in between leaves the job to be repeated rather than the request lost.
 */
export async function finishErasure(db: Database, stream: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM erasure_jobs WHERE stream = $1`, [stream]);
    await tx.query(`INSERT INTO erasure_vacuum_requests (table_name) SELECT unnest($1::text[])`, [tablesHoldingCopiesOf(stream)]);
  });
}
