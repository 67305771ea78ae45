import { expect } from 'chai';
import { cli } from './feedbackctl-process.js';
import type { TestServer } from './test-server.js';

/** `feedbackctl app-link … --json` run against the server's data directory (through its admin socket): the link it prints. */
export async function appLink(dataDir: string, projectId: string, role: 'viewer' | 'editor', ttl?: string): Promise<string> {
  const result = await cli(dataDir, ['app-link', '--project', projectId, '--role', role, ...(ttl ? ['--ttl', ttl] : []), '--json']);
  expect(result.code, result.stderr).to.equal(0);
  return JSON.parse(result.stdout).url;
}

/** POSTs a form as a browser on the service's own origin would (its Origin header, unless told otherwise); URLSearchParams for repeated fields. */
export function postForm(
  server: TestServer,
  path: string,
  fields: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs in with a link's token (the page's button); the session cookie as a Cookie header value. */
export async function signIn(server: TestServer, url: string): Promise<string> {
  const token = new URL(url).searchParams.get('token')!;
  const response = await postForm(server, '/app/login', { token });
  expect(response.status, 'sign-in').to.equal(303);
  return response.headers.get('set-cookie')!.split(';')[0];
}

/** The CSRF token a workspace page hands its forms. */
export function csrfOf(page: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(page);
  if (!match) throw new Error('the page has no CSRF token');
  return match[1];
}
