/**
 * Webhook deliveries per second to a local receiver, and the API's POST /feedback rate while one
 * endpoint hangs (never answers: every delivery to it waits out the 10 s timeout).
 *   npx tsx test/bench/webhooks.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testContext } from '../support/test-context.js';
import { startTestServer } from '../support/test-server.js';
import { runLoad } from './load.js';

const EVENTS = 500;
const ENDPOINTS = 4;
const FEEDBACK = 600;

let received = 0;
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url === '/hang') return; // never answers
    received++;
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'd'.repeat(64) } });
try {
  const createEndpoint = async (key: string, path: string, events: string[]) => {
    const response = await server.request('/api/v1/webhooks', { method: 'POST', key, body: JSON.stringify({ url: `${receiverUrl}${path}`, events }) });
    if (response.status !== 201) throw new Error(`create endpoint: ${response.status}`);
    await response.json();
  };

  // 1. Throughput: EVENTS events × ENDPOINTS endpoints.
  const fast = await server.createProject({ name: 'Bench webhooks' });
  for (let i = 0; i < ENDPOINTS; i++) await createEndpoint(fast.secretKey, `/ok/${i}`, ['cluster.resolved']);
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += 50) {
    const events = Array.from({ length: Math.min(50, EVENTS - i) }, (_, j) => ({
      type: 'ClusterResolved',
      data: { clusterId: `cl_bench${i + j}`, projectId: fast.projectId, at: new Date().toISOString() },
      metadata: { ...testContext() },
    }));
    await server.runtime.store.append(`cluster-bench-${i}`, events, 'any');
  }
  const total = EVENTS * ENDPOINTS;
  while (received < total) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Webhook deliveries to a local receiver (PGlite, ${ENDPOINTS} endpoints, ${EVENTS} events each): ` +
      `${total.toLocaleString('en')} in ${seconds.toFixed(1)} s = ${Math.round(total / seconds).toLocaleString('en')} deliveries/s`,
  );

  // 2. POST /feedback with and without an endpoint that hangs on every delivery.
  const post = async (key: string) =>
    runLoad(server.url, FEEDBACK, 16, (i) => ({
      method: 'POST',
      path: '/api/v1/feedback',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: `Bench item ${i}: the export to CSV times out on large reports.` }),
    }));
  const baseline = await server.createProject({ name: 'Bench baseline' });
  const before = await post(baseline.secretKey);
  const hanging = await server.createProject({ name: 'Bench hanging endpoint' });
  await createEndpoint(hanging.secretKey, '/hang', ['feedback.processed']);
  const during = await post(hanging.secretKey);
  console.log(
    `POST /api/v1/feedback, ${FEEDBACK} requests, 16 connections: ${before.perSecond.toFixed(0)} req/s (p99 ${before.p99ms.toFixed(0)} ms) without ` +
      `webhooks; ${during.perSecond.toFixed(0)} req/s (p99 ${during.p99ms.toFixed(0)} ms) while its endpoint hangs: ` +
      `${(during.perSecond / before.perSecond).toFixed(2)} ×`,
  );
} finally {
  receiver.closeAllConnections();
  receiver.close();
  await server.close();
}
