// POST /feedback on the scale-out topology: two ROLE=api processes and one ROLE=worker on one
// throwaway PostgreSQL 15 server with pgvector (fsync and synchronous commit on, as in production),
// load spread over the API nodes. Analysis is off everywhere (the burst measures the write path and
// the log's consumers, not the analyzer). BENCH_CPU_PROF=dir profiles the API nodes and the worker. The CPU time per request is the figure that holds on a
// shared machine: the throughput there is whatever share of the cores the processes get.
import pg from 'pg';
import { startPostgresServer } from '../support/postgres-server.js';
import { startChild } from './child.js';
import { cpuMs } from './cpu-time.js';
import { fmt, runLoad, type LoadResult } from './load.js';
import { printActivity, sampleActivity, type ActivityTable } from './pg-activity.js';

export interface FeedbackPostgresBench {
  burst: LoadResult;
  nodes: number;
  connections: number;
  /** CPU time per request during the burst (user + system): the API nodes, the worker, the server's processes, the load generator. */
  cpuMsPerRequest: { api: number; worker: number; postgres: number; load: number };
  /** From the last 202 until the reactors (on the worker) had queued analysis for every accepted item. */
  reactorLagMs: number;
  /** Statements the server ran per request during the burst (each one a round trip), from pg_stat_statements. */
  statementsPerRequest: number;
  /** Events inserted per append transaction (the group commit's batch), and commits per request (every transaction on the server). */
  eventsPerAppend: number;
  commitsPerRequest: number;
  /** With BENCH_PG_ACTIVITY=1: what the server's sessions did during the burst. */
  activity?: ActivityTable;
}

async function serverCpuMs(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity');
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

async function commits(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ commits: string }>(`SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = 'bench'`);
  return Number(rows[0].commits);
}

const TEXTS = [
  'The export to CSV keeps timing out on large projects',
  'Please add a dark mode, my eyes hurt at night',
  'Billing page charged me twice this month',
];

export async function benchFeedbackPostgres(total = 6000, nodes = 2, connectionsPerNode = 16): Promise<FeedbackPostgresBench> {
  const server = await startPostgresServer({
    extensions: ['vector'],
    settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', shared_preload_libraries: 'pg_stat_statements' },
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const profileDir = process.env.BENCH_CPU_PROF;
  const services: Awaited<ReturnType<typeof startChild<{ url: string; keys: string[] }>>>[] = [];
  try {
    // One after the other: the first runs the migrations.
    for (let i = 0; i < nodes; i++) {
      services.push(
        await startChild(
          'test/bench/bench-server.ts',
          { DATABASE_URL: server.urlFor('bench'), ROLE: 'api', BENCH_WORKERS: 'off' },
          profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
        ),
      );
    }
    const worker = await startChild<{ url: string; keys: string[] }>(
      'test/bench/bench-server.ts',
      { DATABASE_URL: server.urlFor('bench'), ROLE: 'worker', BENCH_WORKERS: 'off', BENCH_KEYS: '0' },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    services.push(worker);
    const apiNodes = services.slice(0, nodes);
    const urls = apiNodes.map((s) => s.info.url);
    const request = (i: number, node: number) => {
      const keys = apiNodes[node].info.keys;
      return {
        method: 'POST',
        path: '/api/v1/feedback',
        headers: { Authorization: `Bearer ${keys[i % keys.length]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: `${TEXTS[i % TEXTS.length]} (#${i})`, metadata: { plan: i % 2 ? 'pro' : 'free' } }),
      };
    };
    await runLoad(urls, 600, nodes * connectionsPerNode, request); // warm-up
    const monitor = new pg.Client({ connectionString: server.urlFor('bench') });
    await monitor.connect();
    await monitor.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await monitor.query('SELECT pg_stat_statements_reset()');
    const apiPids = apiNodes.map((s) => s.child.pid!);
    const apiBefore = apiPids.map(cpuMs);
    const workerBefore = cpuMs(worker.child.pid!);
    const loadBefore = process.cpuUsage();
    const serverBefore = await serverCpuMs(monitor);
    const commitsBefore = await commits(monitor);
    const sampler = process.env.BENCH_PG_ACTIVITY ? sampleActivity(server.url, 'bench') : undefined;
    const burst = await runLoad(urls, total, nodes * connectionsPerNode, request);
    const activity = await sampler?.stop();
    const load = process.cpuUsage(loadBefore);
    const committed = (await commits(monitor)) - commitsBefore;
    const appends = await monitor.query<{ calls: string; rows: string }>(
      `SELECT coalesce(sum(calls), 0)::text AS calls, coalesce(sum(rows), 0)::text AS rows FROM pg_stat_statements WHERE query LIKE 'INSERT INTO events %'`,
    );
    const workerCpu = cpuMs(worker.child.pid!) - workerBefore;
    const lastAccepted = performance.now();
    for (;;) {
      const { rows } = await monitor.query<{ behind: boolean }>(
        `SELECT (SELECT count(*) FROM analysis_jobs) < (SELECT count(*) FROM feedback_items) AS behind`,
      );
      if (!rows[0].behind) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const reactorLagMs = performance.now() - lastAccepted;
    const serverAfter = await serverCpuMs(monitor);
    const statements = await monitor.query<{ calls: string }>(
      `SELECT coalesce(sum(calls), 0)::text AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = 'bench' AND s.query NOT LIKE '%pg_stat_activity%' AND s.query NOT LIKE '%pg_stat_statements%'`,
    );
    await monitor.end();
    const api = apiPids.reduce((sum, pid, i) => sum + cpuMs(pid) - apiBefore[i], 0);
    const postgres = [...serverAfter].reduce((sum, [pid, after]) => sum + after - (serverBefore.get(pid) ?? 0), 0);
    return {
      burst,
      nodes,
      connections: nodes * connectionsPerNode,
      cpuMsPerRequest: { api: api / total, worker: workerCpu / total, postgres: postgres / total, load: (load.user + load.system) / 1000 / total },
      reactorLagMs,
      eventsPerAppend: Number(appends.rows[0].rows) / Math.max(1, Number(appends.rows[0].calls)),
      commitsPerRequest: committed / total,
      statementsPerRequest: Number(statements.rows[0].calls) / total,
      activity,
    };
  } finally {
    await Promise.all(services.map((s) => s.stop()));
    await server.stop();
  }
}

export function printFeedbackPostgres(result: FeedbackPostgresBench, pingPerSecond?: number): void {
  const b = result.burst;
  console.log(
    `POST /api/v1/feedback (${b.requests} requests, ${result.connections} connections over ${result.nodes} ROLE=api nodes, PostgreSQL 15 server, fsync on)`,
  );
  console.log(`  ${fmt(b.perSecond, 0)} req/s   p50 ${fmt(b.p50ms, 2)} ms   p99 ${fmt(b.p99ms, 2)} ms   ${JSON.stringify(b.statuses)}`);
  if (pingPerSecond) console.log(`  = ${fmt(b.perSecond / pingPerSecond, 2)} × the GET /ping throughput (one embedded node)`);
  const cpu = result.cpuMsPerRequest;
  console.log(`  statements per request: ${fmt(result.statementsPerRequest, 2)} (the append's, the limiter's and the asynchronous projections' on both nodes)`);
  console.log(
    `  group commit: ${fmt(result.eventsPerAppend, 1)} events per append transaction; ${fmt(result.commitsPerRequest, 2)} commits per request on the server (all transactions)`,
  );
  const sum = cpu.api + cpu.worker + cpu.postgres + cpu.load;
  console.log(
    `  CPU per request: API nodes ${fmt(cpu.api, 2)} ms, worker ${fmt(cpu.worker, 2)} ms, PostgreSQL ${fmt(cpu.postgres, 2)} ms, load generator ${fmt(cpu.load, 2)} ms; ` +
      `sum ${fmt(sum, 2)} ms × ${fmt(b.perSecond, 0)} req/s = ${fmt((sum * b.perSecond) / 1000, 2)} cores busy`,
  );
  console.log(`  reactors (on the worker) had queued every item's analysis ${fmt(result.reactorLagMs, 0)} ms after the last 202`);
  if (result.activity) printActivity(result.activity);
}

if (import.meta.url === `file://${process.argv[1]}`) printFeedbackPostgres(await benchFeedbackPostgres());
