import type { Queryable } from '../db/database.js';
import { describeFailure } from '../support/describe-error.js';
import type { ConsumerLag, ProjectionLagReader } from './projection-lag.js';
import type { StartupTasks } from './startup-tasks.js';

/** How far behind the log's end a projection may be and still count as ready: within either bound. */
export interface LagTolerance {
  events: number;
  seconds: number;
}

export interface ReadinessCheck {
  ok: boolean;
  detail?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: {
    database: ReadinessCheck;
    migrations: ReadinessCheck;
    projections: ReadinessCheck & { followed?: number; furthestBehind?: ConsumerLag };
    startup: ReadinessCheck;
  };
}

export interface ReadinessDeps {
  db: Queryable;
  /** Ids of the migrations this build needs. */
  migrations: readonly string[];
  lag: ProjectionLagReader;
  startup: StartupTasks;
  tolerance: LagTolerance;
  /** A database that does not answer in this time counts as unreachable. */
  timeoutMs?: number;
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** Whether a projection is close enough to the log's end: within N events, or its oldest unapplied event younger than S seconds. */
export const withinTolerance = (lag: ConsumerLag, tolerance: LagTolerance) => lag.events <= tolerance.events || lag.seconds <= tolerance.seconds;

/**
 * What `GET /readyz` reports: the database answers, every migration of this build is applied, every
 * projection and reactor this process applies is within the lag tolerance, and no start-up work
 * (the analyzer loading) is still running. One small query and the projection-lag reading (cached).
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const checks: ReadinessReport['checks'] = {
    database: { ok: true },
    migrations: { ok: true },
    projections: { ok: true },
    startup: startupCheck(deps.startup),
  };
  try {
    const { rows } = await withTimeout(
      deps.db.query<{ id: string }>(`SELECT id FROM schema_migrations WHERE id = ANY($1::text[])`, [deps.migrations]),
      timeoutMs,
      'the database',
    );
    const applied = new Set(rows.map((row) => row.id));
    const missing = deps.migrations.filter((id) => !applied.has(id));
    if (missing.length > 0) checks.migrations = { ok: false, detail: `${missing.length} not applied, first ${missing[0]}` };
  } catch (error) {
    checks.database = { ok: false, detail: `unreachable: ${describeFailure(error)}` };
    checks.migrations = { ok: false, detail: 'unknown: the database did not answer' };
  }
  if (checks.database.ok) {
    try {
      const lag = await withTimeout(deps.lag.read(), timeoutMs, 'the projection lag reading');
      const behind = lag.filter((l) => !withinTolerance(l, deps.tolerance));
      const furthest = lag.reduce<ConsumerLag | undefined>(
        (worst, l) => (!worst || l.seconds > worst.seconds || (l.seconds === worst.seconds && l.events > worst.events) ? l : worst),
        undefined,
      );
      checks.projections = {
        ok: behind.length === 0,
        ...(behind.length > 0 ? { detail: `behind the log: ${behind.map((l) => `${l.name} (${l.events} events, ${l.seconds} s)`).join(', ')}` } : {}),
        followed: lag.length,
        ...(furthest ? { furthestBehind: furthest } : {}),
      };
    } catch (error) {
      checks.projections = { ok: false, detail: `lag unknown: ${describeFailure(error)}` };
    }
  } else {
    checks.projections = { ok: false, detail: 'unknown: the database did not answer' };
  }
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

function startupCheck(startup: StartupTasks): ReadinessCheck {
  const { running, failed } = startup.unfinished();
  if (failed.length > 0) return { ok: false, detail: `failed: ${failed.join(', ')} (see the log; restart the process)` };
  if (running.length > 0) return { ok: false, detail: `still running: ${running.join(', ')}` };
  return { ok: true };
}
