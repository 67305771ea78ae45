/**
 * `claimPendingWork`, the claim / run / retry loop the identity-merge, user-erasure and
 * feedback-deletion processes share, on embedded PGlite with a work table of the same shape.
 */
import { expect } from 'chai';
import type { Database } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open-database.js';
import type { Logger } from '../../src/logger.js';
import { WORK_LEASE_SECONDS } from '../../src/work/lease-renewal.js';
import { claimPendingWork, type PendingWorkTable } from '../../src/work/pending-work.js';
import { retryDelaySeconds } from '../../src/work/retry-delay.js';
import { MutableClock } from '../support/mutable-clock.js';

interface Job {
  job_id: string;
  kind: string;
  attempts: number;
}

function recordingLogger(): Logger & { warnings: { fields: Record<string, unknown>; message: string }[] } {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    warnings,
    info() {},
    debug() {},
    error() {},
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  };
  return logger as unknown as Logger & { warnings: { fields: Record<string, unknown>; message: string }[] };
}

describe('claimPendingWork: claim, run, retry', function () {
  this.timeout(60_000);
  const work: PendingWorkTable = { table: 'scratch_pending_jobs', key: 'job_id', orderBy: 'queued_at', limit: 2, where: "kind <> 'theirs'", columns: ['kind'] };
  let db: Database;
  let clock: MutableClock;

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'test' });
    await db.query(`CREATE TABLE scratch_pending_jobs (
      job_id text PRIMARY KEY, kind text NOT NULL, queued_at timestamptz NOT NULL,
      claimed_until timestamptz NOT NULL, attempts integer NOT NULL DEFAULT 0, last_error text)`);
  });
  after(() => db.close());
  beforeEach(async () => {
    clock = new MutableClock();
    await db.query(`DELETE FROM scratch_pending_jobs`);
  });

  const queue = (jobId: string, kind: string, queuedAt: string, dueAt = queuedAt) =>
    db.query(`INSERT INTO scratch_pending_jobs (job_id, kind, queued_at, claimed_until) VALUES ($1, $2, $3, $4)`, [jobId, kind, queuedAt, dueAt]);
  const row = async (jobId: string) =>
    (await db.query<{ attempts: number; last_error: string | null; claimed_until: Date }>(`SELECT * FROM scratch_pending_jobs WHERE job_id = $1`, [jobId]))
      .rows[0];
  const claim = (run: (job: Job) => Promise<void>, logger = recordingLogger()) =>
    claimPendingWork<Job>({
      services: { db, clock, logger },
      work,
      logFields: (job) => ({ jobId: job.job_id }),
      failureMessage: 'scratch job failed; will retry',
      run,
    });

  it('given due jobs, one not yet due and one the condition excludes, when claimed, then the due ones run oldest first, at most `limit`, under a lease', async () => {
    const now = clock.now().getTime();
    await queue('j-old', 'ours', new Date(now - 3000).toISOString());
    await queue('j-new', 'ours', new Date(now - 2000).toISOString());
    await queue('j-newest', 'ours', new Date(now - 1000).toISOString());
    await queue('j-later', 'ours', new Date(now - 5000).toISOString(), new Date(now + 60_000).toISOString());
    await queue('j-theirs', 'theirs', new Date(now - 9000).toISOString());
    const ran: Job[] = [];
    expect(await claim(async (job) => void ran.push(job))).to.equal(2);
    expect(ran).to.deep.equal([
      { job_id: 'j-old', kind: 'ours', attempts: 1 },
      { job_id: 'j-new', kind: 'ours', attempts: 1 },
    ]);
    expect((await row('j-old')).claimed_until.getTime()).to.equal(now + WORK_LEASE_SECONDS * 1000);
    expect((await row('j-theirs')).attempts).to.equal(0);
    expect((await row('j-later')).attempts).to.equal(0);
  });

  it('given a job whose run fails, when claimed, then the error is kept and logged by id, and the job waits the growing delay before its next attempt', async () => {
    await queue('j-bad', 'ours', clock.now().toISOString());
    const logger = recordingLogger();
    const failing = async () => {
      throw new TypeError('model said no');
    };
    expect(await claim(failing, logger)).to.equal(1);
    const failed = await row('j-bad');
    expect(failed.last_error).to.equal('TypeError: model said no');
    expect(failed.claimed_until.getTime()).to.equal(clock.now().getTime() + retryDelaySeconds(1) * 1000);
    expect(logger.warnings).to.deep.equal([
      { fields: { jobId: 'j-bad', attempts: 1, lastError: 'TypeError: model said no' }, message: 'scratch job failed; will retry' },
    ]);

    clock.advance(retryDelaySeconds(1) * 1000 - 1);
    expect(await claim(failing)).to.equal(0);
    clock.advance(1);
    const attempts: number[] = [];
    expect(await claim(async (job) => void attempts.push(job.attempts))).to.equal(1);
    expect(attempts).to.deep.equal([2]);
  });
});
