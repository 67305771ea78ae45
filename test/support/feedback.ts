import { expect } from 'chai';
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
