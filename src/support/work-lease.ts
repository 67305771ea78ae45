/** How long a claim lasts: a worker killed mid-job delays that job by at most this much. */
export const WORK_LEASE_SECONDS = 15;
/** A worker still busy with a job extends its lease this often (well inside the lease). */
export const LEASE_RENEW_EVERY_MS = 5_000;
