import { testContext } from '../support/test-context.js';
import fc from 'fast-check';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { revokeApiKey } from '../../commands/revoke-api-key/handler.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { fuzzRequest, type FuzzKeys, type FuzzRequest } from './requests.js';
import { closeConnections, send, type FuzzResponse } from './send.js';

export interface FuzzReport {
  requests: number;
  byStatus: Record<number, number>;
  failure?: string;
}

export interface FuzzOptions {
  numRuns: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const ORIGIN = 'https://app.example.com';

async function prepare(server: TestServer): Promise<FuzzKeys> {
  const project = await server.createProject({ name: 'Fuzz', origins: [ORIGIN] });
  const revoked = await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'secret', mode: 'test' }, testContext());
  await revokeApiKey(server.runtime, revoked.key, testContext());
  const other = await server.createProject({ name: 'Other tenant' });
  const ids: string[] = [];
  for (const [key, text] of [
    [project.secretKey, 'Export to CSV times out'],
    [other.secretKey, 'Another tenant item'],
  ]) {
    const response = await server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify({ text }) });
    ids.push(((await response.json()) as { id: string }).id);
  }
  return { secret: project.secretKey, widget: project.widgetKey, revoked: revoked.key, origin: ORIGIN, ids };
}

/** Why a response breaks the contract, or undefined. */
function contractBreach(request: FuzzRequest, response: FuzzResponse, eventsBefore: number, eventsAfter: number): string | undefined {
  if (response.status >= 500) return `answered ${response.status}`;
  if (response.status >= 400) {
    if (eventsAfter !== eventsBefore) return `a ${response.status} changed state: ${eventsAfter - eventsBefore} event(s) appended`;
    if (request.method === 'HEAD') return undefined;
    if (!response.contentType.startsWith('application/problem+json')) return `a ${response.status} is ${response.contentType || 'without a content type'}`;
    let problem: Record<string, unknown>;
    try {
      problem = JSON.parse(response.body);
    } catch {
      return `a ${response.status} body is not JSON`;
    }
    if (problem.status !== response.status || typeof problem.type !== 'string' || typeof problem.title !== 'string' || typeof problem.detail !== 'string') {
      return `a ${response.status} problem lacks type/title/status/detail`;
    }
  }
  return undefined;
}

/**
 * Sends `numRuns` generated requests to the real service over HTTP, one at a time, and checks each
 * answer: never 5xx, never a hang, every 4xx a problem+json that appended no event, and the service
 * still answering /ping. Workers are off so that only requests change the log; the clock moves a
 * minute every 40 requests so that rate limits do not swallow the run.
 */
export async function fuzzService(options: FuzzOptions): Promise<FuzzReport> {
  const clock = new MutableClock(new Date());
  const server = await startTestServer({ workers: false, clock });
  const report: FuzzReport = { requests: 0, byStatus: {} };
  const countEvents = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);
  try {
    const keys = await prepare(server);
    const openApi = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Parameters<typeof fuzzRequest>[0];
    const property = fc.asyncProperty(fuzzRequest(openApi, keys), async (request) => {
      if (report.requests % 40 === 39) clock.advance(61_000);
      const before = await countEvents();
      const response = await send(server.url, request);
      report.requests++;
      report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
      const breach = contractBreach(request, response, before, await countEvents());
      if (breach) throw new Error(breach);
      if (report.requests % 50 === 0) {
        const ping = await send(server.url, { method: 'GET', path: '/api/v1/ping', headers: { authorization: `Bearer ${keys.secret}` } });
        if (ping.status !== 200 && ping.status !== 429) throw new Error(`/ping answered ${ping.status} after ${report.requests} requests`);
        options.onProgress?.(report.requests, options.numRuns);
      }
    });
    const result = await fc.check(property, { numRuns: options.numRuns, seed: options.seed, endOnFailure: true });
    if (result.failed) {
      const example = result.counterexample?.[0] as FuzzRequest | undefined;
      const shown = example ? { ...example, body: example.body?.toString('utf8').slice(0, 500) } : undefined;
      report.failure = `${String(result.errorInstance)} (seed ${result.seed}, path ${result.counterexamplePath})\nrequest: ${JSON.stringify(shown)?.slice(0, 2000)}`;
    }
    return report;
  } finally {
    closeConnections();
    await server.close();
  }
}
