/**
 * End users: identify requests/s (spec 4.5) against ping on the same server, and the time to erase a
 * user with many items (spec 4.7), from the DELETE to `completed`, on an embedded database.
 *   npx tsx test/bench/users.ts            (BENCH_ERASE_ITEMS: 10,000 by default, the spec's size)
 */
import { requestUserErasure } from '../../commands/erase-user/handler.js';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { submitFeedback } from '../../src/processes/shared/submit-feedback.js';
import { findUserDeletion } from '../../queries/user-erasure-status/query.js';
import { runPendingUserErasures } from '../../src/processes/user-erasure/resume.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { testContext } from '../support/test-context.js';

const REQUESTS = Number(process.env.BENCH_IDENTIFY_REQUESTS ?? 300);
const CONCURRENCY = 8;
const ERASE_ITEMS = Number(process.env.BENCH_ERASE_ITEMS ?? 10_000);

/** `REQUESTS` requests over the keys (each under its 120 a minute), `CONCURRENCY` at a time; requests per second. */
async function throughput(keys: string[], request: (key: string, i: number) => Promise<Response>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < REQUESTS; i = next++) {
      const response = await request(keys[i % keys.length], i);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`request ${i}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function erasureSeconds(server: TestServer, projectId: string): Promise<number> {
  // Set-up, not measured: 16 submissions at a time, so the store shares their append transactions.
  let next = 0;
  const submitter = async () => {
    for (let i = next++; i < ERASE_ITEMS; i = next++) {
      await submitFeedback(
        server.runtime,
        { projectId, text: `Item ${i}: the export to PDF fails on large reports`, userId: 'erased-user', source: 'api' },
        testContext(),
      );
    }
  };
  await Promise.all(Array.from({ length: 16 }, submitter));
  const started = performance.now();
  // The handlers of DELETE /users/{id} and of the status read, called directly: after a long stretch without HTTP a kept-alive connection may be reset.
  const { requestId } = await requestUserErasure(server.runtime, { projectId, userId: 'erased-user' }, testContext());
  while ((await runPendingUserErasures(server.runtime)) > 0);
  const status = await findUserDeletion(server.runtime.db, projectId, requestId);
  if (status?.status !== 'completed') throw new Error(`erasure ${status?.status}`);
  return (performance.now() - started) / 1000;
}

const server = await startTestServer({ workers: false });
try {
  const project = await server.createProject({ name: 'Bench users' });
  const keys = [project.secretKey];
  for (let i = 0; i < 14; i++) {
    keys.push((await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'secret', mode: 'test' }, testContext())).key);
  }
  const ping = await throughput(keys, (key) => server.request('/api/v1/ping', { key }));
  const identify = await throughput(keys, (key, i) =>
    server.request('/api/v1/users/identify', {
      method: 'POST',
      key,
      body: JSON.stringify({ userId: `user-${i % 300}`, traits: { plan: i % 2 ? 'pro' : 'free', mrr: (i % 50) + 0.5, email: `user-${i % 300}@example.com` } }),
    }),
  );
  console.log(`End users (PGlite, real HTTP, ${REQUESTS} requests, ${CONCURRENCY} at a time, ${keys.length} keys):`);
  console.log(`  ping (baseline)            ${ping.toFixed(0)} requests/s`);
  console.log(`  POST /users/identify       ${identify.toFixed(0)} requests/s (${(identify / ping).toFixed(3)} × ping; 300 users, 3 traits each)`);
  const seconds = await erasureSeconds(server, project.projectId);
  const itemsPerSecond = ERASE_ITEMS / seconds;
  console.log(
    `  DELETE /users/{id}, ${ERASE_ITEMS.toLocaleString('en')} items (pending, no theme): ${seconds.toFixed(1)} s to completed ` +
      `(${((seconds * 1000) / ERASE_ITEMS).toFixed(2)} ms per item, ${itemsPerSecond.toFixed(0)} items/s: ${(itemsPerSecond / ping).toFixed(2)} × ping's requests/s)`,
  );
} finally {
  await server.close();
}
