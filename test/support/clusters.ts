import { submitFeedback } from './feedback.js';
import { readJson, type TestProject } from './http.js';
import type { TestServer } from './test-server.js';

/** Still offered here for the tests that take it from this module. */
export type { TestProject };

/** Phrasings of one theme ("login fails with my password"). */
export const LOGIN_PHRASINGS = [
  "I can't log in, it says my password is wrong.",
  'Login fails with my password every time.',
  'My password is rejected when I try to sign in.',
  'Cannot sign in: the app says the password is incorrect.',
  "Logging in doesn't work, my correct password is refused.",
  'Login keeps failing even though my password is right.',
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Submits one item with the project's secret key (202 expected); returns its id. */
export const submit = (server: TestServer, project: TestProject, body: Record<string, unknown>): Promise<string> =>
  submitFeedback(server, project.secretKey, body);

/** Polls GET /feedback/{id} until the clustering worker has put the item into a theme; returns the item. */
export async function waitForClusteredItem(server: TestServer, project: TestProject, id: string, attempts = 400): Promise<any> {
  for (let i = 0; i < attempts; i++) {
    const body = await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }));
    if (body.clusterId) return body;
    await sleep(25);
  }
  throw new Error(`feedback ${id} was not clustered in time`);
}

/** The theme the item was put into. */
export async function waitForCluster(server: TestServer, project: TestProject, id: string): Promise<string> {
  return (await waitForClusteredItem(server, project, id)).clusterId;
}

/** Waits until the project's clustering queue is empty and its lease released (status, spike checks and relabels done). */
export async function waitForClusteringIdle(server: TestServer, projectId: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const busy = await server.runtime.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM clustering_jobs WHERE project_id = $1)
            + (SELECT count(*) FROM clustering_leases WHERE project_id = $1 AND claimed_until > now()) AS n`,
      [projectId],
    );
    if (Number(busy.rows[0].n) === 0) return;
    await sleep(25);
  }
  throw new Error(`clustering of project ${projectId} did not settle`);
}
