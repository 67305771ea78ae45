import { expect } from 'chai';
import { expectEventually } from './eventually.js';
import { readJson } from './http.js';
import type { TestServer } from './test-server.js';

/** POST /api/v1/feedback with `key` and `body` as JSON (and `headers`, e.g. the Origin a widget key needs); the response as it came. */
export function postFeedback(server: TestServer, key: string, body: unknown, headers?: Record<string, string>): Promise<Response> {
  return server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify(body), headers });
}

/** Submits one item, expects 202 Accepted and returns the new item's id. */
export async function submitFeedback(server: TestServer, key: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<string> {
  const response = await postFeedback(server, key, body, headers);
  expect(response.status, 'POST /feedback').to.equal(202);
  return (await readJson(response)).id;
}

/**
 * Waits until every projector and reactor has applied the whole log. Since the 202 of POST /feedback
 * no longer waits for the asynchronous pass, a test that reads a work table right after (the
 * analysis job) waits for this first. Only for servers without workers: they keep appending.
 */
export async function untilConsumersCaughtUp(server: TestServer): Promise<void> {
  await expectEventually(async () => expect((await server.runtime.engine.status()).filter((consumer) => consumer.lag > 0)).to.deep.equal([]));
}
