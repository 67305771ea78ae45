// What the bench server measures over one window (the measured burst) on request: a CPU profile of
// its main thread (`BENCH_CPU_PROF=dir`) and the SQL statements it ran, by priority and statement.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { currentPriority } from '../../src/db/priority.js';

interface StatementStats {
  count: number;
  ms: number;
  maxMs: number;
}

const statements = new Map<string, StatementStats>();
let counting = false;

/** Counts every statement sent through `pg` (both engines go through it) while a window is open. */
export function countStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!counting || typeof args[0] !== 'string' || !(result instanceof Promise)) return result;
    const key = `${currentPriority()} ${args[0].replace(/\s+/g, ' ').trim().slice(0, 90)}`;
    const started = performance.now();
    const settle = () => {
      const stats = statements.get(key) ?? { count: 0, ms: 0, maxMs: 0 };
      const ms = performance.now() - started;
      stats.count++;
      stats.ms += ms;
      stats.maxMs = Math.max(stats.maxMs, ms);
      statements.set(key, stats);
    };
    result.then(settle, settle);
    return result;
  } as never;
}

let session: Session | undefined;
let loopDelay: IntervalHistogram | undefined;

export async function openWindow(): Promise<void> {
  statements.clear();
  counting = true;
  loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  if (!process.env.BENCH_CPU_PROF) return;
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/** The event loop's delay over the window, in ms: how long a ready callback waited for its turn. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export async function closeWindow(): Promise<{ statements: Record<string, StatementStats>; loopDelay: LoopDelay; profile?: string }> {
  counting = false;
  loopDelay!.disable();
  const delay = { p50: loopDelay!.percentile(50) / 1e6, p99: loopDelay!.percentile(99) / 1e6, max: loopDelay!.max / 1e6 };
  let profile: string | undefined;
  if (session) {
    const { profile: data } = await session.post('Profiler.stop');
    session.disconnect();
    session = undefined;
    fs.mkdirSync(process.env.BENCH_CPU_PROF!, { recursive: true });
    profile = path.join(process.env.BENCH_CPU_PROF!, `burst-${Date.now()}.cpuprofile`);
    fs.writeFileSync(profile, JSON.stringify(data));
  }
  return { statements: Object.fromEntries(statements), loopDelay: delay, profile };
}
