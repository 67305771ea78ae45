import type { TestServer } from './test-server.js';

export const WIDGET_ORIGIN = 'https://app.example.com';

/** POST /users/identify; a widget key is sent from the allowed origin unless told otherwise. */
export function identifyRequest(server: TestServer, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const origin: Record<string, string> = key.startsWith('pk_') ? { Origin: WIDGET_ORIGIN } : {};
  return server.request('/api/v1/users/identify', { method: 'POST', key, body: JSON.stringify(body), headers: { ...origin, ...headers } });
}

/** GET /users/{userId}, the userId percent-encoded as one path segment. */
export const userRequest = (server: TestServer, key: string, userId: string): Promise<Response> =>
  server.request(`/api/v1/users/${encodeURIComponent(userId)}`, { key });

export async function countEvents(server: TestServer): Promise<number> {
  return Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);
}
