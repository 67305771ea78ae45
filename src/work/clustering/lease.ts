import type { Queryable } from '../../db/database.js';
import type { CoreServices } from '../../services.js';
import { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS, withLeaseRenewal, type LeaseRenewal, type RenewalOutcome } from '../lease-renewal.js';

/**
 * Takes the project's clustering lease if it is free (or expired). Returns the lease's end, which
 * is also the holder's token for renewing and releasing it; undefined when someone else holds it.
 */
export async function takeClusteringLease(db: Queryable, projectId: string, now: Date, leaseSeconds: number): Promise<Date | undefined> {
  const claimed = await db.query<{ claimed_until: Date }>(
    `INSERT INTO clustering_leases (project_id, claimed_until) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until WHERE clustering_leases.claimed_until < $3
     RETURNING claimed_until`,
    [projectId, new Date(now.getTime() + leaseSeconds * 1000).toISOString(), now.toISOString()],
  );
  return claimed.rows[0]?.claimed_until;
}

/** Extends a lease still held under `held`; the new token, or undefined when it was taken over. */
export async function renewClusteringLease(db: Queryable, projectId: string, held: Date, now: Date, leaseSeconds: number): Promise<Date | undefined> {
  const renewed = await db.query<{ claimed_until: Date }>(
    `UPDATE clustering_leases SET claimed_until = $3 WHERE project_id = $1 AND claimed_until = $2 RETURNING claimed_until`,
    [projectId, held, new Date(now.getTime() + leaseSeconds * 1000).toISOString()],
  );
  return renewed.rows[0]?.claimed_until;
}

/** Frees the lease, unless it was lost to another worker meanwhile. */
export async function releaseClusteringLease(db: Queryable, projectId: string, held: Date): Promise<void> {
  await db.query(`UPDATE clustering_leases SET claimed_until = '-infinity' WHERE project_id = $1 AND claimed_until = $2`, [projectId, held]);
}

export interface ProjectLeaseOptions {
  leaseSeconds?: number;
  renewEveryMs?: number;
}

/**
 * Runs `work` holding the project's clustering lease, renewed while it runs, and releases it after.
 * Returns undefined without running `work` when another worker holds the lease. `work` should stop
 * early once `lease.lost` turns true: another worker may be clustering the project by then.
 */
export async function withClusteringLease<T>(
  services: Pick<CoreServices, 'db' | 'clock' | 'logger'>,
  projectId: string,
  work: (lease: LeaseRenewal) => Promise<T>,
  { leaseSeconds = WORK_LEASE_SECONDS, renewEveryMs = LEASE_RENEW_EVERY_MS }: ProjectLeaseOptions = {},
): Promise<{ result: T } | undefined> {
  const { db, clock, logger } = services;
  let held = await takeClusteringLease(db, projectId, clock.now(), leaseSeconds);
  if (!held) return undefined;
  const renew = async (): Promise<RenewalOutcome> => {
    const renewed = await renewClusteringLease(db, projectId, held!, clock.now(), leaseSeconds);
    if (renewed) held = renewed;
    return renewed ? 'renewed' : 'lost';
  };
  try {
    return { result: await withLeaseRenewal(renew, { everyMs: renewEveryMs, logger, context: { projectId, work: 'clustering' } }, work) };
  } finally {
    await releaseClusteringLease(db, projectId, held);
  }
}
