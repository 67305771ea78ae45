import { expect } from 'chai';
import { cli } from './feedbackctl-process.js';
import { submit, waitForCluster, waitForClusteringIdle } from './clusters.js';
import type { TestProject } from './http.js';
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

/**
 * Submits the items of two themes (each item with its own user, named after its theme) and waits until each
 * set formed exactly one theme and clustering is idle; the two themes' ids.
 */
export async function seedTwoThemes(
  server: TestServer,
  project: TestProject,
  themes: { login: { texts: readonly string[]; ids: string[] }; dark: { texts: readonly string[]; ids: string[] } },
): Promise<{ login: string; dark: string }> {
  const formed: Record<string, string> = {};
  for (const [name, { texts, ids }] of Object.entries(themes)) {
    for (const [i, text] of texts.entries()) ids.push(await submit(server, project, { text, userId: `${name}-${i}` }));
  }
  for (const [name, { ids }] of Object.entries(themes)) {
    const found = new Set(await Promise.all(ids.map((id) => waitForCluster(server, project, id))));
    expect(found.size, `the ${name} items form one theme`).to.equal(1);
    [formed[name]] = found;
  }
  await waitForClusteringIdle(server, project.projectId);
  return { login: formed.login, dark: formed.dark };
}
