// POST /feedback on the scale-out topology: two ROLE=api processes on one throwaway PostgreSQL 15
// server with pgvector (fsync and synchronous commit on, as in production), load spread over both.
import pg from 'pg';
import { startPostgresServer } from '../support/postgres-server.js';
import { startChild } from './child.js';
import { fmt, runLoad, type LoadResult } from './load.js';

export interface FeedbackPostgresBench {
  burst: LoadResult;
  nodes: number;
  connections: number;
}

const TEXTS = [
  'The export to CSV keeps timing out on large projects',
  'Please add a dark mode, my eyes hurt at night',
  'Billing page charged me twice this month',
];

export async function benchFeedbackPostgres(total = 6000, nodes = 2, connectionsPerNode = 16): Promise<FeedbackPostgresBench> {
  const server = await startPostgresServer({ extensions: ['vector'], settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const services: Awaited<ReturnType<typeof startChild<{ url: string; keys: string[] }>>>[] = [];
  try {
    // One after the other: the first runs the migrations.
    for (let i = 0; i < nodes; i++) {
      services.push(await startChild('test/bench/bench-server.ts', { DATABASE_URL: server.urlFor('bench'), ROLE: 'api', BENCH_WORKERS: 'off' }));
    }
    const urls = services.map((s) => s.info.url);
    const request = (i: number, node: number) => {
      const keys = services[node].info.keys;
      return {
        method: 'POST',
        path: '/api/v1/feedback',
        headers: { Authorization: `Bearer ${keys[i % keys.length]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: `${TEXTS[i % TEXTS.length]} (#${i})`, metadata: { plan: i % 2 ? 'pro' : 'free' } }),
      };
    };
    await runLoad(urls, 600, nodes * connectionsPerNode, request); // warm-up
    const burst = await runLoad(urls, total, nodes * connectionsPerNode, request);
    return { burst, nodes, connections: nodes * connectionsPerNode };
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
}

if (import.meta.url === `file://${process.argv[1]}`) printFeedbackPostgres(await benchFeedbackPostgres());
