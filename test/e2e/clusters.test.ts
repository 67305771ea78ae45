import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';

const LOGIN = LOGIN_PHRASINGS.slice(0, 5);
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option.'];
const DASHBOARD = 'The dashboard takes almost a minute to load in the morning.';

async function clusterEvents(server: TestServer, clusterId: string) {
  return server.runtime.store.readStream(`cluster-${clusterId}`);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('clusters (spec 2.2, 4.9, 4.10, 4.4)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  const loginIds: string[] = [];
  const darkIds: string[] = [];
  let dashboardId: string;
  const clusterOf = new Map<string, string>();

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Clusters', origins: ['https://app.example.com'] });
    other = await server.createProject({ name: 'Clusters other' });
    for (const [i, text] of LOGIN.entries()) loginIds.push(await submit(server, project, { text, userId: `user-${i % 2}` }));
    for (const text of DARK_MODE) darkIds.push(await submit(server, project, { text }));
    dashboardId = await submit(server, project, { text: DASHBOARD });
    for (const id of [...loginIds, ...darkIds, dashboardId]) clusterOf.set(id, (await waitForClusteredItem(server, project, id)).clusterId);
    await waitForClusteringIdle(server, project.projectId);
    // A theme in the other project, for the isolation tests.
    await waitForClusteredItem(server, other, await submit(server, other, { text: LOGIN[0] }));
    await waitForClusteringIdle(server, other.projectId);
  });
  after(() => server.close());

  const list = async (query = '') => {
    const response = await server.request(`/api/v1/clusters${query}`, { key: project.secretKey });
    expect(response.status).to.equal(200);
    return (await readJson(response)).clusters as any[];
  };

  describe('GET /api/v1/clusters (spec 4.9, 2.2)', () => {
    it('lists active clusters ranked by volume with id, label, status, size, sentiment mix and first/last seen', async () => {
      const clusters = await list();
      expect(clusters.length).to.be.at.least(3);
      for (const cluster of clusters) {
        expect(cluster.id).to.be.a('string').and.not.be.empty;
        expect(cluster.label).to.be.a('string').and.not.be.empty;
        expect(cluster.status).to.equal('active');
        expect(cluster.size).to.be.a('number').and.be.greaterThan(0);
        expect(cluster.sentiment).to.have.all.keys('positive', 'neutral', 'negative');
        const { positive, neutral, negative } = cluster.sentiment;
        expect(positive + neutral + negative, `sentiment mix of ${cluster.id}`).to.equal(cluster.size);
        expect(cluster.firstSeenAt).to.match(ISO);
        expect(cluster.lastSeenAt).to.match(ISO);
        expect(Date.parse(cluster.firstSeenAt)).to.be.at.most(Date.parse(cluster.lastSeenAt));
      }
      const sizes = clusters.map((c) => c.size);
      expect(sizes).to.deep.equal([...sizes].sort((a, b) => b - a));
      expect(sizes.reduce((a, b) => a + b, 0)).to.equal(LOGIN.length + DARK_MODE.length + 1);
    });

    it('puts texts that mean the same thing into one cluster and a different topic into another', async () => {
      const login = new Set(loginIds.map((id) => clusterOf.get(id)));
      expect(login.size, 'login phrasings share one cluster').to.equal(1);
      const dark = new Set(darkIds.map((id) => clusterOf.get(id)));
      expect(dark.size, 'dark mode requests share one cluster').to.equal(1);
      const [loginCluster] = login;
      const [darkCluster] = dark;
      expect(darkCluster).to.not.equal(loginCluster);
      expect(clusterOf.get(dashboardId)).to.not.be.oneOf([loginCluster, darkCluster]);
      const clusters = await list();
      expect(clusters[0].id, 'the largest theme ranks first').to.equal(loginCluster);
      expect(clusters[0].size).to.equal(LOGIN.length);
    });

    it("lists the cluster of every processed item, and only this project's clusters", async () => {
      const ids = new Set((await list()).map((c) => c.id));
      for (const [item, clusterId] of clusterOf) expect(ids.has(clusterId), `cluster of ${item}`).to.equal(true);
      expect(ids.size).to.equal(new Set(clusterOf.values()).size);
    });

    it('first and last seen are the oldest and newest item times of the cluster', async () => {
      const loginCluster = clusterOf.get(loginIds[0])!;
      const cluster = (await list()).find((c) => c.id === loginCluster);
      const times = await Promise.all(
        loginIds.map(async (id) => Date.parse((await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }))).createdAt)),
      );
      expect(Date.parse(cluster.firstSeenAt)).to.equal(Math.min(...times));
      expect(Date.parse(cluster.lastSeenAt)).to.equal(Math.max(...times));
    });

    it('GET /feedback?cluster= returns exactly the items of the cluster (spec 4.2)', async () => {
      const loginCluster = clusterOf.get(loginIds[0])!;
      const response = await server.request(`/api/v1/feedback?cluster=${loginCluster}`, { key: project.secretKey });
      expect(response.status).to.equal(200);
      const items = (await readJson(response)).items as any[];
      expect(items.map((i) => i.id)).to.have.members(loginIds);
      for (const item of items) expect(item.clusterId).to.equal(loginCluster);
    });

    it('rejects a widget key with 401', async () => {
      const response = await server.request('/api/v1/clusters', { key: project.widgetKey, headers: { Origin: 'https://app.example.com' } });
      await expectProblem(response, 401, 'unauthorized');
    });

    it('rejects an unknown status filter with 400', async () => {
      const response = await server.request('/api/v1/clusters?status=closed', { key: project.secretKey });
      await expectProblem(response, 400, 'invalid-request');
    });
  });

  describe('GET /api/v1/clusters/{id} (spec 4.10)', () => {
    it('returns the cluster with its items, newest first', async () => {
      const loginCluster = clusterOf.get(loginIds[0])!;
      const response = await server.request(`/api/v1/clusters/${loginCluster}`, { key: project.secretKey });
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body.cluster.id).to.equal(loginCluster);
      expect(body.cluster.size).to.equal(LOGIN.length);
      expect(body.cluster.status).to.equal('active');
      expect(body.items.map((i: any) => i.id)).to.have.members(loginIds);
      const times = body.items.map((i: any) => Date.parse(i.createdAt));
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));
      for (const item of body.items) {
        expect(item.clusterId).to.equal(loginCluster);
        expect(item.status).to.equal('processed');
      }
    });

    it('returns 404 not-found for an unknown id', async () => {
      await expectProblem(await server.request('/api/v1/clusters/cl_doesnotexist00000000', { key: project.secretKey }), 404, 'not-found');
    });

    it("returns 404 for another project's cluster, for GET and PATCH, and leaves it untouched", async () => {
      const [theirs] = (await readJson(await server.request('/api/v1/clusters', { key: other.secretKey }))).clusters;
      expect(theirs, 'the other project has a theme').to.exist;
      const before = (await clusterEvents(server, theirs.id)).length;
      await expectProblem(await server.request(`/api/v1/clusters/${theirs.id}`, { key: project.secretKey }), 404, 'not-found');
      const patch = await server.request(`/api/v1/clusters/${theirs.id}`, {
        method: 'PATCH',
        key: project.secretKey,
        body: JSON.stringify({ status: 'resolved' }),
      });
      await expectProblem(patch, 404, 'not-found');
      expect((await clusterEvents(server, theirs.id)).length).to.equal(before);
      const still = await readJson(await server.request(`/api/v1/clusters/${theirs.id}`, { key: other.secretKey }));
      expect(still.cluster.status).to.equal('active');
      // and the other way round
      const mine = clusterOf.get(loginIds[0])!;
      await expectProblem(await server.request(`/api/v1/clusters/${mine}`, { key: other.secretKey }), 404, 'not-found');
    });

    it('rejects a widget key with 401 for GET and PATCH', async () => {
      const id = clusterOf.get(loginIds[0])!;
      const headers = { Origin: 'https://app.example.com' };
      await expectProblem(await server.request(`/api/v1/clusters/${id}`, { key: project.widgetKey, headers }), 401, 'unauthorized');
      const patch = await server.request(`/api/v1/clusters/${id}`, {
        method: 'PATCH',
        key: project.widgetKey,
        headers,
        body: JSON.stringify({ status: 'muted' }),
      });
      await expectProblem(patch, 401, 'unauthorized');
      const detail = await readJson(await server.request(`/api/v1/clusters/${id}`, { key: project.secretKey }));
      expect(detail.cluster.status).to.equal('active');
    });

    it('rejects an invalid PATCH body with 400 and changes nothing', async () => {
      const id = clusterOf.get(loginIds[0])!;
      const before = (await clusterEvents(server, id)).length;
      for (const body of [{ status: 'closed' }, { status: 'resolved', note: 'extra' }, {}, { status: 42 }]) {
        const response = await server.request(`/api/v1/clusters/${id}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify(body) });
        await expectProblem(response, 400, 'invalid-request');
      }
      expect((await clusterEvents(server, id)).length).to.equal(before);
      const detail = await readJson(await server.request(`/api/v1/clusters/${id}`, { key: project.secretKey }));
      expect(detail.cluster.status).to.equal('active');
    });
  });

  describe('GET /api/v1/clusters/{id}?limit (spec 4.10, 8: max 100, default 20)', () => {
    let big: TestProject;
    let clusterId: string;
    let newestFirst: string[];
    const HOUR = 3600_000;

    before(async () => {
      big = await server.createProject({ name: 'Big theme' });
      const start = Date.parse('2026-01-10T00:00:00.000Z');
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) {
        const text = `${LOGIN[i % LOGIN.length]}${i >= LOGIN.length ? ` (report ${i})` : ''}`;
        ids.push(await submit(server, big, { text, createdAt: new Date(start + i * HOUR).toISOString() }));
      }
      const clusters = new Map<string, string[]>();
      for (const id of ids) {
        const c = (await waitForClusteredItem(server, big, id)).clusterId as string;
        clusters.set(c, [...(clusters.get(c) ?? []), id]);
      }
      await waitForClusteringIdle(server, big.projectId);
      const [largest, members] = [...clusters].sort((a, b) => b[1].length - a[1].length)[0];
      clusterId = largest;
      expect(members.length, 'the theme holds more than 20 items').to.be.greaterThan(20);
      // submitted in createdAt order, one hour apart: the newest are the last submitted
      newestFirst = [...members].reverse();
    });

    const detail = (query: string) => server.request(`/api/v1/clusters/${clusterId}${query}`, { key: big.secretKey });

    it('returns the 20 most recent items by default', async () => {
      const response = await detail('');
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body.cluster.size).to.equal(newestFirst.length);
      expect(body.items.map((i: any) => i.id)).to.deep.equal(newestFirst.slice(0, 20));
    });

    it('honours limit from 1 to 100', async () => {
      for (const limit of [1, 3, 100]) {
        const response = await detail(`?limit=${limit}`);
        expect(response.status, `limit=${limit}`).to.equal(200);
        const body = await readJson(response);
        expect(body.items.map((i: any) => i.id)).to.deep.equal(newestFirst.slice(0, limit));
      }
    });

    it('rejects limit 101, 0, -1 and non-integers with 400', async () => {
      for (const limit of ['101', '0', '-1', 'abc', '2.5']) {
        await expectProblem(await detail(`?limit=${limit}`), 400, 'invalid-request');
      }
    });
  });

  describe('DELETE /api/v1/feedback/{id} recomputes the cluster statistics at once (spec 4.4)', () => {
    it('lowers the size and the sentiment count of the cluster right after the 204', async () => {
      const id = loginIds[0];
      const clusterId = clusterOf.get(id)!;
      const item = await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }));
      const sentiment = item.sentiment as 'positive' | 'neutral' | 'negative';
      const before = (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).cluster;

      const deleted = await server.request(`/api/v1/feedback/${id}`, { method: 'DELETE', key: project.secretKey });
      expect(deleted.status).to.equal(204);

      const after = (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).cluster;
      expect(after.size).to.equal(before.size - 1);
      expect(after.sentiment[sentiment]).to.equal(before.sentiment[sentiment] - 1);
      const { positive, neutral, negative } = after.sentiment;
      expect(positive + neutral + negative).to.equal(after.size);
      const listed = (await list()).find((c) => c.id === clusterId);
      expect(listed.size).to.equal(before.size - 1);
      const items = (await readJson(await server.request(`/api/v1/feedback?cluster=${clusterId}`, { key: project.secretKey }))).items;
      expect(items.map((i: any) => i.id)).to.not.include(id);
    });

    it('deleting the only item of a cluster removes the cluster from the list at once', async () => {
      const clusterId = clusterOf.get(dashboardId)!;
      expect((await list()).map((c) => c.id)).to.include(clusterId);
      const deleted = await server.request(`/api/v1/feedback/${dashboardId}`, { method: 'DELETE', key: project.secretKey });
      expect(deleted.status).to.equal(204);
      expect((await list()).map((c) => c.id)).to.not.include(clusterId);
      const response = await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey });
      // An emptied theme may still be readable (size 0) or be gone (404); it never shows the deleted item.
      expect(response.status).to.be.oneOf([200, 404]);
      if (response.status === 200) {
        const detail = await readJson(response);
        expect(detail.cluster.size).to.equal(0);
        expect(detail.items).to.deep.equal([]);
      }
    });

    it('first and last seen follow the remaining items after a delete', async () => {
      const clusterId = clusterOf.get(loginIds[1])!;
      const newest = loginIds[loginIds.length - 1];
      const deleted = await server.request(`/api/v1/feedback/${newest}`, { method: 'DELETE', key: project.secretKey });
      expect(deleted.status).to.equal(204);
      const cluster = (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).cluster;
      const remaining = loginIds.slice(1, -1);
      const times = await Promise.all(
        remaining.map(async (id) => Date.parse((await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }))).createdAt)),
      );
      expect(cluster.size).to.equal(remaining.length);
      expect(Date.parse(cluster.firstSeenAt)).to.equal(Math.min(...times));
      expect(Date.parse(cluster.lastSeenAt)).to.equal(Math.max(...times));
    });
  });
});
