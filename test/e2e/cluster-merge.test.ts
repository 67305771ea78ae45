import { testContext } from '../support/test-context.js';
import { expect } from 'chai';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { reclusterProject } from '../../src/work/clustering/recluster.js';
import { snapshotTable } from '../support/table-snapshot.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { LOGIN_PHRASINGS, submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';

const LOGIN = LOGIN_PHRASINGS.slice(0, 3);
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option.'];

describe('cluster merges recorded as events (spec 2.2, 4.10; issue: merges keep item clusterIds resolvable)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  const loginIds: string[] = [];
  const darkIds: string[] = [];
  let into: string;
  let from: string;
  let previous: { into: any; from: any };

  const get = async (path: string) => {
    const response = await server.request(path, { key: project.secretKey });
    expect(response.status, path).to.equal(200);
    return readJson(response);
  };

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Merge' });
    for (const [i, text] of LOGIN.entries()) loginIds.push(await submit(server, project, { text, userId: `login-${i}` }));
    for (const [i, text] of DARK_MODE.entries()) darkIds.push(await submit(server, project, { text, userId: `dark-${i}` }));
    const login = new Set<string>();
    const dark = new Set<string>();
    for (const id of loginIds) login.add(await waitForCluster(server, project, id));
    for (const id of darkIds) dark.add(await waitForCluster(server, project, id));
    await waitForClusteringIdle(server, project.projectId);
    expect(login.size).to.equal(1);
    expect(dark.size).to.equal(1);
    [into] = login;
    [from] = dark;
    expect(from).to.not.equal(into);
    previous = { into: (await get(`/api/v1/clusters/${into}`)).cluster, from: (await get(`/api/v1/clusters/${from}`)).cluster };
  });
  after(() => server.close());

  it('the periodic pass leaves clearly different themes apart', async () => {
    const result = await reclusterProject(server.runtime, new CtfidfLabeler(), project.projectId);
    expect(result).to.include({ projectId: project.projectId, ran: true, merged: 0 });
    const ids = (await get('/api/v1/clusters')).clusters.map((c: any) => c.id);
    expect(ids).to.include.members([into, from]);
  });

  it('a ClusterMerged event folds one theme into the other', async () => {
    const merge = () =>
      handleCommand(
        server.runtime.store,
        `cluster-${from}`,
        clusterDecider,
        { type: 'MergeInto', into, at: server.runtime.clock.now().toISOString() },
        { context: testContext() },
      );
    const handled = await merge();
    expect(handled.events.map((e) => e.type)).to.deep.equal(['ClusterMerged']);
    expect(handled.appended).to.not.equal(null);
    expect(await server.runtime.engine.waitFor(handled.appended!.position)).to.equal(true);
    const again = await merge();
    expect(again.appended, 'merging twice records nothing').to.equal(null);
  });

  it('GET /clusters/{fromId} resolves to the surviving cluster with all items', async () => {
    const body = await get(`/api/v1/clusters/${from}`);
    expect(body.cluster.id).to.equal(into);
    expect(body.cluster.size).to.equal(LOGIN.length + DARK_MODE.length);
    expect(body.items.map((i: any) => i.id)).to.have.members([...loginIds, ...darkIds]);
  });

  it('the sizes, sentiment mixes and first/last seen add up; the absorbed theme leaves the list', async () => {
    const clusters = (await get('/api/v1/clusters')).clusters as any[];
    expect(clusters.map((c) => c.id)).to.not.include(from);
    const merged = clusters.find((c) => c.id === into);
    expect(merged.size).to.equal(previous.into.size + previous.from.size);
    for (const key of ['positive', 'neutral', 'negative']) {
      expect(merged.sentiment[key], key).to.equal(previous.into.sentiment[key] + previous.from.sentiment[key]);
    }
    const first = Math.min(Date.parse(previous.into.firstSeenAt), Date.parse(previous.from.firstSeenAt));
    const last = Math.max(Date.parse(previous.into.lastSeenAt), Date.parse(previous.from.lastSeenAt));
    expect(Date.parse(merged.firstSeenAt)).to.equal(first);
    expect(Date.parse(merged.lastSeenAt)).to.equal(last);
    for (const status of ['resolved', 'muted']) {
      const other = (await get(`/api/v1/clusters?status=${status}`)).clusters.map((c: any) => c.id);
      expect(other).to.not.include(from);
    }
  });

  it("the absorbed theme's items list under the surviving one, and the absorbed id still filters to them (GET /feedback?cluster=)", async () => {
    const underInto = (await get(`/api/v1/feedback?cluster=${into}`)).items.map((i: any) => i.id);
    expect(underInto).to.have.members([...loginIds, ...darkIds]);
    const underFrom = (await get(`/api/v1/feedback?cluster=${from}`)).items.map((i: any) => i.id);
    expect(underFrom).to.deep.equal(underInto);
    for (const id of darkIds) expect((await get(`/api/v1/feedback/${id}`)).clusterId).to.equal(into);
  });

  it('PATCH on the absorbed id changes the surviving theme; resolving names the users of both', async () => {
    const response = await server.request(`/api/v1/clusters/${from}`, {
      method: 'PATCH',
      key: project.secretKey,
      body: JSON.stringify({ status: 'resolved' }),
    });
    expect(response.status).to.equal(200);
    expect(await readJson(response)).to.include({ id: into, status: 'resolved' });
    const events = await server.runtime.store.readStream(`cluster-${into}`);
    const resolved = events.filter((e) => e.type === 'ClusterResolved');
    expect(resolved).to.have.length(1);
    // The users of both themes are the surviving theme's members now, which the webhook outbox lists; the event names none.
    expect(resolved[0].data).to.not.have.property('userIds');
    const members = await server.runtime.db.query<{ user_id: string }>(`SELECT DISTINCT user_id FROM cluster_members WHERE cluster_id = $1 ORDER BY 1`, [into]);
    expect(members.rows.map((row) => row.user_id)).to.deep.equal(['dark-0', 'dark-1', 'login-0', 'login-1', 'login-2']);
    expect((await server.runtime.store.readStream(`cluster-${from}`)).map((e) => e.type)).to.not.include('ClusterResolved');
  });

  it('a full replay reproduces the clusters, cluster_members and feedback_items tables exactly', async () => {
    const { db, engine } = server.runtime;
    const tables = ['clusters', 'cluster_members', 'feedback_items'];
    const live: Record<string, string[]> = {};
    for (const table of tables) live[table] = await snapshotTable(db, table);
    expect(live.clusters.length).to.be.at.least(2);
    expect(live.cluster_members).to.have.length(LOGIN.length + DARK_MODE.length);

    await engine.stop();
    try {
      await engine.reset(engine.projectorNames);
      expect(await snapshotTable(db, 'clusters')).to.have.length(0);
      await engine.catchUp();
      for (const table of tables) expect(await snapshotTable(db, table), table).to.deep.equal(live[table]);
    } finally {
      await engine.start();
    }
  });
});
