// A child process for benchmarks: the real service on an embedded database in a temp dir, with one
// project and many secret keys so that load spreads over keys and stays within each key's rate limit.
import { testContext } from '../support/test-context.js';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { createProject } from '../../commands/create-project/handler.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { badRowList } from '../../src/imports/bad-row-report.js';
import { importFeedbackFile } from '../../src/imports/import-feedback-file.js';
import { closeWindow, countStatements, openWindow } from './burst-probe.js';

countStatements();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-bench-'));
const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const server = await startServer(config, { logger: createLogger('silent'), holder: 'bench', workers: process.env.BENCH_WORKERS !== 'off' });
const project = await createProject(server.runtime, { name: 'Bench' }, testContext());
const keys = [project.secretKey];
for (let i = 0; i < Number(process.env.BENCH_KEYS ?? 40); i++) {
  keys.push((await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'secret', mode: 'test' }, testContext())).key);
}
if (process.env.BENCH_WORKERS !== 'off') await loadThreadedAnalyzer();
const rssMb = process.memoryUsage().rss / 2 ** 20;
// The backlog, read beside the API (not a route of the service): items not yet processed, and processed items not yet in a theme.
// POST /import?file=PATH imports a CSV into the project inside this process, as `feedbackctl import` through the service does.
const backlog = http.createServer((request, response) => {
  if (request.url === '/window/open') return void openWindow().then(() => response.end('{}'));
  if (request.url === '/window/close') return void closeWindow().then((result) => response.end(JSON.stringify(result)));
  const file = new URL(request.url ?? '/', 'http://bench').searchParams.get('file');
  if (request.method === 'POST' && file) {
    const options = { projectId: project.projectId, path: file, format: 'csv' as const, map: 'text=Comment,createdAt=Date', badRows: badRowList(10) };
    void importFeedbackFile(server.runtime, options, testContext()).then(
      (summary) => response.end(JSON.stringify(summary)),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
    return;
  }
  void server.runtime.db
    .query<{ pending: number; unclustered: number }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'processed' AND cluster_id IS NULL)::int AS unclustered
         FROM feedback_items`,
    )
    .then(({ rows }) => {
      const memory = process.memoryUsage();
      response.end(JSON.stringify({ ...rows[0], rssMb: memory.rss / 2 ** 20, heapMb: memory.heapUsed / 2 ** 20, externalMb: memory.external / 2 ** 20 }));
    });
});
await new Promise<void>((resolve) => backlog.listen(0, '127.0.0.1', resolve));
const backlogUrl = `http://127.0.0.1:${(backlog.address() as AddressInfo).port}`;
process.stdout.write(JSON.stringify({ url: server.url, keys, rssMb, backlogUrl }) + '\n');
const stop = async () => {
  backlog.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
