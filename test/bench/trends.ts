/**
 * Trends on embedded PGlite: GET /api/v1/trends and GET /api/v1/clusters/{id}/trend over 100,000
 * items, against GET /api/v1/ping on the same server in the same run, after VACUUM ANALYZE,
 * and without the trend indexes (migration 0203) to show what they buy.
 *   npx tsx test/bench/trends.ts          (BENCH_TREND_ITEMS, BENCH_TREND_REQUESTS to change the sizes)
 * The items are written straight into the read models (feedback_items, clusters, user_feedback,
 * user_value_marks) in a few set-based statements: no analyzer, no log. 200 themes of skewed sizes,
 * 2,000 users with a customer value, items spread over 180 days. Prints figures; asserts nothing.
 */
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { testContext } from '../support/test-context.js';
import { seedTrendItems, THEMES } from './trends-seed.js';

const ITEMS = Number(process.env.BENCH_TREND_ITEMS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_TREND_REQUESTS ?? 40);

interface Latency {
  p50: number;
  p95: number;
}

async function measure(server: TestServer, key: string, path: string): Promise<Latency> {
  for (let i = 0; i < 5; i++) await (await server.request(path, { key })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await server.request(path, { key });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] };
}

async function measureAll(server: TestServer, key: string, theme: string): Promise<Record<string, Latency>> {
  return {
    'GET /ping (baseline)': await measure(server, key, '/api/v1/ping'),
    'GET /trends (30 days)': await measure(server, key, '/api/v1/trends'),
    'GET /trends (90 days)': await measure(server, key, `/api/v1/trends?from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}`),
    'GET /clusters/{largest}/trend (30 d)': await measure(server, key, `/api/v1/clusters/${theme}/trend`),
    'GET /clusters/{largest}/trend (1 y, weeks)': await measure(
      server,
      key,
      `/api/v1/clusters/${theme}/trend?bucket=week&from=${new Date(Date.now() - 365 * 86_400_000).toISOString()}`,
    ),
  };
}

function print(title: string, results: Record<string, Latency>): void {
  const ping = results['GET /ping (baseline)'];
  console.log(title);
  for (const [name, r] of Object.entries(results)) {
    const ratio = r === ping ? '' : `   ${(r.p50 / ping.p50).toFixed(1)} × ping at p50`;
    console.log(`  ${name.padEnd(42)} p50 ${r.p50.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms${ratio}`);
  }
}

const server = await startTestServer({ workers: false });
try {
  const project = await server.createProject({ name: 'Bench trends' });
  await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
  const started = performance.now();
  const theme = await seedTrendItems(server, project.projectId, ITEMS);
  console.log(`Trends (PGlite, real HTTP, one request at a time, ${REQUESTS} each): ${ITEMS.toLocaleString('en')} items in ${THEMES} themes over 180 days,`);
  console.log(`  seeded into the read models in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  print('  as written (PGlite runs no autovacuum: no planner statistics, no visibility map):', await measureAll(server, project.secretKey, theme));
  // One statement per query: VACUUM refuses to run inside the transaction a multi-statement query makes.
  for (const table of ['feedback_items', 'user_feedback', 'clusters', 'user_value_marks']) await server.runtime.db.query(`VACUUM ANALYZE ${table}`);
  print('  after VACUUM ANALYZE (as autovacuum leaves a PostgreSQL server; index-only scans):', await measureAll(server, project.secretKey, theme));
  for (const sql of ['DROP INDEX feedback_items_period', 'DROP INDEX feedback_items_cluster_period', 'ANALYZE feedback_items'])
    await server.runtime.db.query(sql);
  print('  the same without the two trend indexes:', await measureAll(server, project.secretKey, theme));
} finally {
  await server.close();
}
