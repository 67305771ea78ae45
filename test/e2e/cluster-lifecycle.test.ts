import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { LOGIN_PHRASINGS, submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';
import { expectEventually } from '../support/eventually.js';

const LOGIN = LOGIN_PHRASINGS;
const loginReport = (n: number) => `${LOGIN[n % LOGIN.length]}${n >= LOGIN.length ? ` (report ${n})` : ''}`;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Submits the items one after the other, each clustered (and its spike check done) before the next; returns the ids and their single theme. */
async function submitToOneTheme(server: TestServer, project: TestProject, bodies: Record<string, unknown>[]): Promise<{ ids: string[]; clusterId: string }> {
  const ids: string[] = [];
  const clusters = new Set<string>();
  for (const body of bodies) {
    const id = await submit(server, project, body);
    clusters.add(await waitForCluster(server, project, id));
    await waitForClusteringIdle(server, project.projectId);
    ids.push(id);
  }
  expect(clusters.size, 'all reports joined one theme').to.equal(1);
  return { ids, clusterId: [...clusters][0] };
}

async function clusterEvents(server: TestServer, clusterId: string) {
  return server.runtime.store.readStream(`cluster-${clusterId}`);
}

async function eventsOfType(server: TestServer, clusterId: string, type: string): Promise<any[]> {
  return (await clusterEvents(server, clusterId)).filter((e) => e.type === type).map((e) => e.data);
}

function patch(server: TestServer, project: TestProject, clusterId: string, status: string) {
  return server.request(`/api/v1/clusters/${clusterId}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify({ status }) });
}

async function detail(server: TestServer, project: TestProject, clusterId: string): Promise<any> {
  const response = await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey });
  expect(response.status).to.equal(200);
  return (await readJson(response)).cluster;
}

async function listedIds(server: TestServer, project: TestProject, query = ''): Promise<string[]> {
  const response = await server.request(`/api/v1/clusters${query}`, { key: project.secretKey });
  expect(response.status).to.equal(200);
  return ((await readJson(response)).clusters as any[]).map((c) => c.id);
}

describe('cluster life cycle (spec 3.3, 6)', function () {
  this.timeout(180_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('resolve and regression (spec 3.3, 6: cluster.resolved, cluster.regressed)', () => {
    let project: TestProject;
    let clusterId: string;
    let triggering: string;

    before(async () => {
      project = await server.createProject({ name: 'Resolve' });
      ({ clusterId } = await submitToOneTheme(server, project, [
        { text: LOGIN[0], userId: 'user-b' },
        { text: LOGIN[1], userId: 'user-a' },
        { text: LOGIN[2], userId: 'user-b' },
        { text: LOGIN[3] },
      ]));
    });

    it('PATCH resolved marks the cluster resolved and emits ClusterResolved, which names no end user (erasure, spec 4.7)', async () => {
      const response = await patch(server, project, clusterId, 'resolved');
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body.id).to.equal(clusterId);
      expect(body.status).to.equal('resolved');
      expect((await detail(server, project, clusterId)).status).to.equal('resolved');
      const resolved = await eventsOfType(server, clusterId, 'ClusterResolved');
      expect(resolved).to.have.length(1);
      expect(resolved[0].clusterId).to.equal(clusterId);
      // The webhook outbox reads the theme's users when it enqueues `cluster.resolved` (test/e2e/webhooks-delivery.test.ts).
      expect(resolved[0]).to.not.have.property('userIds');
      expect(JSON.stringify(resolved[0])).to.not.include('user-a').and.not.include('user-b');
    });

    it('a resolved cluster is listed under ?status=resolved, not in the default list', async () => {
      expect(await listedIds(server, project)).to.not.include(clusterId);
      expect(await listedIds(server, project, '?status=active')).to.not.include(clusterId);
      expect(await listedIds(server, project, '?status=resolved')).to.include(clusterId);
      expect(await listedIds(server, project, '?status=muted')).to.not.include(clusterId);
    });

    it('PATCH to the status it already has changes nothing', async () => {
      const before = (await clusterEvents(server, clusterId)).length;
      const response = await patch(server, project, clusterId, 'resolved');
      expect(response.status).to.equal(200);
      expect((await readJson(response)).status).to.equal('resolved');
      expect((await clusterEvents(server, clusterId)).length).to.equal(before);
    });

    it('new similar feedback makes it active again and emits ClusterRegressed with clusterId and triggeredByFeedbackId (the label is read from the theme)', async () => {
      triggering = await submit(server, project, { text: LOGIN[4], userId: 'user-c' });
      expect(await waitForCluster(server, project, triggering)).to.equal(clusterId);
      await waitForClusteringIdle(server, project.projectId);
      const cluster = await detail(server, project, clusterId);
      expect(cluster.status).to.equal('active');
      expect(cluster.muted).to.equal(false);
      const regressed = await eventsOfType(server, clusterId, 'ClusterRegressed');
      expect(regressed).to.have.length(1);
      expect(regressed[0]).to.include({ clusterId, triggeredByFeedbackId: triggering });
      // Life-cycle events carry no label (it is made of items' words and must be erasable); the theme has it.
      expect(regressed[0]).to.not.have.property('label');
      expect(cluster.label).to.be.a('string').and.not.be.empty;
      expect(await eventsOfType(server, clusterId, 'ClusterReopened')).to.have.length(0);
      expect(await listedIds(server, project)).to.include(clusterId);
      expect(await listedIds(server, project, '?status=resolved')).to.not.include(clusterId);
    });

    it('further feedback on the active cluster emits no second ClusterRegressed', async () => {
      const id = await submit(server, project, { text: LOGIN[5] });
      expect(await waitForCluster(server, project, id)).to.equal(clusterId);
      await waitForClusteringIdle(server, project.projectId);
      expect(await eventsOfType(server, clusterId, 'ClusterRegressed')).to.have.length(1);
    });

    it('resolving again emits a second ClusterResolved, naming nobody either', async () => {
      const response = await patch(server, project, clusterId, 'resolved');
      expect((await readJson(response)).status).to.equal('resolved');
      const resolved = await eventsOfType(server, clusterId, 'ClusterResolved');
      expect(resolved).to.have.length(2);
      expect(JSON.stringify(resolved[1])).to.not.include('user-');
    });
  });

  describe('mute and silent reopening (spec 3.3)', () => {
    let project: TestProject;
    let clusterId: string;

    before(async () => {
      project = await server.createProject({ name: 'Mute' });
      ({ clusterId } = await submitToOneTheme(server, project, [{ text: LOGIN[0] }, { text: LOGIN[1] }]));
    });

    it('PATCH muted lists the cluster under ?status=muted only', async () => {
      const response = await patch(server, project, clusterId, 'muted');
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body).to.include({ id: clusterId, status: 'muted', muted: true });
      expect(await eventsOfType(server, clusterId, 'ClusterMuted')).to.have.length(1);
      expect(await listedIds(server, project)).to.not.include(clusterId);
      expect(await listedIds(server, project, '?status=muted')).to.include(clusterId);
      expect(await listedIds(server, project, '?status=resolved')).to.not.include(clusterId);
    });

    it('PATCH muted again changes nothing', async () => {
      const before = (await clusterEvents(server, clusterId)).length;
      const response = await patch(server, project, clusterId, 'muted');
      expect(response.status).to.equal(200);
      expect((await clusterEvents(server, clusterId)).length).to.equal(before);
    });

    it('new feedback reopens it silently: active, still muted, ClusterReopened and no ClusterRegressed', async () => {
      const id = await submit(server, project, { text: LOGIN[2] });
      expect(await waitForCluster(server, project, id)).to.equal(clusterId);
      await waitForClusteringIdle(server, project.projectId);
      const cluster = await detail(server, project, clusterId);
      expect(cluster.status).to.equal('active');
      expect(cluster.muted).to.equal(true);
      const reopened = await eventsOfType(server, clusterId, 'ClusterReopened');
      expect(reopened).to.have.length(1);
      expect(reopened[0]).to.include({ clusterId, triggeredByFeedbackId: id });
      expect(await eventsOfType(server, clusterId, 'ClusterRegressed')).to.have.length(0);
      expect(await listedIds(server, project)).to.include(clusterId);
    });

    it('PATCH active clears muted (ClusterActivated); PATCH active again changes nothing', async () => {
      const response = await patch(server, project, clusterId, 'active');
      expect(response.status).to.equal(200);
      expect(await readJson(response)).to.include({ status: 'active', muted: false });
      expect((await detail(server, project, clusterId)).muted).to.equal(false);
      expect(await eventsOfType(server, clusterId, 'ClusterActivated')).to.have.length(1);
      const before = (await clusterEvents(server, clusterId)).length;
      const again = await patch(server, project, clusterId, 'active');
      expect(again.status).to.equal(200);
      expect((await clusterEvents(server, clusterId)).length).to.equal(before);
    });

    it('a muted then resolved cluster regresses loudly (resolving clears muted)', async () => {
      await patch(server, project, clusterId, 'muted');
      const resolved = await readJson(await patch(server, project, clusterId, 'resolved'));
      expect(resolved).to.include({ status: 'resolved', muted: false });
      const id = await submit(server, project, { text: LOGIN[3] });
      expect(await waitForCluster(server, project, id)).to.equal(clusterId);
      await waitForClusteringIdle(server, project.projectId);
      const regressed = await eventsOfType(server, clusterId, 'ClusterRegressed');
      expect(regressed).to.have.length(1);
      expect(regressed[0].triggeredByFeedbackId).to.equal(id);
      expect(await eventsOfType(server, clusterId, 'ClusterReopened')).to.have.length(1);
    });
  });

  describe('spikes (spec 6: cluster.spiking)', () => {
    /** `n` reports backfilled evenly between `fromDaysAgo` and `toDaysAgo` (exclusive of the last 24 hours). */
    const backfill = (n: number, fromDaysAgo: number, toDaysAgo: number, offset = 0) => {
      const now = server.runtime.clock.now().getTime();
      return Array.from({ length: n }, (_, i) => ({
        text: loginReport(offset + i),
        createdAt: new Date(now - (fromDaysAgo - ((fromDaysAgo - toDaysAgo) * i) / Math.max(1, n - 1)) * DAY).toISOString(),
      }));
    };
    const burst = (n: number, offset: number) => Array.from({ length: n }, (_, i) => ({ text: loginReport(offset + i) }));

    it('4 reports in 24 hours at 3× the prior daily rate emit ClusterSpiking once per spike', async () => {
      const project = await server.createProject({ name: 'Spike' });
      // Prior week: 7 reports between 7.5 and 2 days ago, one a day.
      const prior = await submitToOneTheme(server, project, backfill(7, 7.5, 2));
      const clusterId = prior.clusterId;
      expect(await eventsOfType(server, clusterId, 'ClusterSpiking'), 'no spike from a steady rate').to.have.length(0);

      const first3 = await submitToOneTheme(server, project, burst(3, 7));
      expect(first3.clusterId).to.equal(clusterId);
      expect(await eventsOfType(server, clusterId, 'ClusterSpiking'), 'no spike below 4 reports').to.have.length(0);

      const fourth = await submitToOneTheme(server, project, burst(1, 10));
      expect(fourth.clusterId).to.equal(clusterId);
      const spiking = await eventsOfType(server, clusterId, 'ClusterSpiking');
      expect(spiking).to.have.length(1);
      expect(spiking[0]).to.include({ clusterId, reportsLast24h: 4, priorDailyRate: 1, triggeredByFeedbackId: fourth.ids[0] });
      expect(spiking[0]).to.not.have.property('label');
      // The spike check's event is appended without waiting for the read models: they follow the log.
      await expectEventually(async () => expect((await detail(server, project, clusterId)).spiking).to.equal(true));

      const more = await submitToOneTheme(server, project, burst(3, 11));
      expect(more.clusterId).to.equal(clusterId);
      expect(await eventsOfType(server, clusterId, 'ClusterSpiking'), 'not again for the same burst').to.have.length(1);
      expect(await eventsOfType(server, clusterId, 'ClusterSpikeEnded')).to.have.length(0);
      expect((await detail(server, project, clusterId)).spiking).to.equal(true);
    });

    it('a late backfill from the prior week arriving mid-burst does not end the spike nor make it fire again', async () => {
      const project = await server.createProject({ name: 'Spike with late backfill' });
      const prior = await submitToOneTheme(server, project, backfill(7, 7.5, 2));
      const spike = await submitToOneTheme(server, project, burst(4, 7));
      expect(spike.clusterId).to.equal(prior.clusterId);
      expect(await eventsOfType(server, prior.clusterId, 'ClusterSpiking')).to.have.length(1);
      const late = await submitToOneTheme(server, project, backfill(1, 5, 5, 11));
      const more = await submitToOneTheme(server, project, burst(2, 12));
      expect([late.clusterId, more.clusterId]).to.deep.equal([prior.clusterId, prior.clusterId]);
      expect(await eventsOfType(server, prior.clusterId, 'ClusterSpiking'), 'still the same spike').to.have.length(1);
      expect((await detail(server, project, prior.clusterId)).spiking).to.equal(true);
    });

    it('a muted theme never fires', async () => {
      const project = await server.createProject({ name: 'Muted spike' });
      const seed = await submitToOneTheme(server, project, burst(1, 0));
      expect((await readJson(await patch(server, project, seed.clusterId, 'muted'))).muted).to.equal(true);
      const reports = await submitToOneTheme(server, project, burst(6, 1));
      expect(reports.clusterId).to.equal(seed.clusterId);
      expect(await eventsOfType(server, seed.clusterId, 'ClusterReopened')).to.have.length(1);
      expect(await eventsOfType(server, seed.clusterId, 'ClusterSpiking')).to.have.length(0);
      const cluster = await detail(server, project, seed.clusterId);
      expect(cluster.size).to.equal(7);
      expect(cluster.muted).to.equal(true);
      expect(cluster.spiking).to.equal(false);
    });

    it('a theme with a high prior-week rate does not spike at 4 reports, only at 3× that rate', async () => {
      const project = await server.createProject({ name: 'Busy theme' });
      // Prior week: 14 reports (2 a day), so a spike needs 6 reports in 24 hours.
      const prior = await submitToOneTheme(server, project, backfill(14, 7.5, 1.5));
      const four = await submitToOneTheme(server, project, burst(4, 14));
      expect(four.clusterId).to.equal(prior.clusterId);
      expect(await eventsOfType(server, prior.clusterId, 'ClusterSpiking'), 'no spike at 4 reports').to.have.length(0);
      const fifth = await submitToOneTheme(server, project, burst(1, 18));
      expect(await eventsOfType(server, prior.clusterId, 'ClusterSpiking'), 'no spike at 5 reports').to.have.length(0);
      const sixth = await submitToOneTheme(server, project, burst(1, 19));
      expect([fifth.clusterId, sixth.clusterId]).to.deep.equal([prior.clusterId, prior.clusterId]);
      const spiking = await eventsOfType(server, prior.clusterId, 'ClusterSpiking');
      expect(spiking).to.have.length(1);
      expect(spiking[0]).to.include({ reportsLast24h: 6, priorDailyRate: 2, triggeredByFeedbackId: sixth.ids[0] });
    });

    it('backfilled reports count by their own time, not by the time they were received', async () => {
      const project = await server.createProject({ name: 'Backfill' });
      // Five reports received within seconds, dated four days apart: never 4 in any 24 hours.
      const now = server.runtime.clock.now().getTime();
      const bodies = [30, 26, 22, 18, 14].map((daysAgo, i) => ({ text: loginReport(i), createdAt: new Date(now - daysAgo * DAY).toISOString() }));
      const { clusterId } = await submitToOneTheme(server, project, bodies);
      expect(await eventsOfType(server, clusterId, 'ClusterSpiking')).to.have.length(0);
      const cluster = await detail(server, project, clusterId);
      expect(cluster.size).to.equal(5);
      expect(cluster.spiking).to.equal(false);
      expect(Date.parse(cluster.firstSeenAt)).to.equal(Date.parse(bodies[0].createdAt));
      expect(Date.parse(cluster.lastSeenAt)).to.equal(Date.parse(bodies[4].createdAt));
    });
  });
});
