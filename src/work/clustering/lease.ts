import type { Queryable } from '../../db/database.js';

/** Takes the project's clustering lease if it is free (or expired); true when taken. */
export async function takeClusteringLease(db: Queryable, projectId: string, now: Date, leaseSeconds: number): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO clustering_leases (project_id, claimed_until) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until WHERE clustering_leases.claimed_until < $3
     RETURNING project_id`,
    [projectId, new Date(now.getTime() + leaseSeconds * 1000).toISOString(), now.toISOString()],
  );
  return claimed.rowCount > 0;
}

export async function releaseClusteringLease(db: Queryable, projectId: string): Promise<void> {
  await db.query(`UPDATE clustering_leases SET claimed_until = '-infinity' WHERE project_id = $1`, [projectId]);
}
