import { expect } from 'chai';
import { expectEventually } from '../support/eventually.js';
import { LOGIN_PHRASINGS, submit, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

describe('a muted theme never shows spiking nor fires cluster.spiking', function () {
  this.timeout(120_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;
  let clusterId: string;
  const ids: string[] = [];

  const detail = async () => (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).cluster;
  const deliveries = async (kind: string) =>
    Number(
      (await server.runtime.db.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE project_id = $1 AND kind = $2`, [project.projectId, kind])).rows[0].n,
    );
  const report = async (text: string) => {
    const id = await submit(server, project, { text });
    ids.push(id);
    const theme = await waitForCluster(server, project, id);
    await waitForClusteringIdle(server, project.projectId);
    return theme;
  };

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'c'.repeat(64) } });
    project = await server.createProject({ name: 'Muted spike' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/hook'), events: ['cluster.spiking', 'feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);
    // Four reports in 24 hours and none the week before: a spike.
    const themes = new Set<string>();
    for (const text of LOGIN_PHRASINGS.slice(0, 4)) themes.add(await report(text));
    expect(themes.size).to.equal(1);
    [clusterId] = themes;
    // The worker appends ClusterSpiking; the clusters read model shows it once the projection has applied it.
    await expectEventually(async () => expect((await detail()).spiking).to.equal(true));
    await expectEventually(async () => expect(await deliveries('cluster.spiking')).to.equal(1));
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('muting a spiking theme clears spiking in the answer, the detail and the list', async () => {
    const response = await server.request(`/api/v1/clusters/${clusterId}`, {
      method: 'PATCH',
      key: project.secretKey,
      body: JSON.stringify({ status: 'muted' }),
    });
    expect(response.status).to.equal(200);
    expect(await readJson(response)).to.include({ muted: true, spiking: false });
    expect((await detail()).spiking).to.equal(false);
    const listed = await readJson(await server.request('/api/v1/clusters?status=muted', { key: project.secretKey }));
    expect(listed.clusters.find((c: any) => c.id === clusterId)).to.include({ spiking: false });
  });

  it('more reports while muted record no ClusterSpiking and queue no cluster.spiking webhook', async () => {
    for (const text of LOGIN_PHRASINGS.slice(4, 6)) expect(await report(text)).to.equal(clusterId);
    await expectEventually(async () => expect(await deliveries('feedback.processed')).to.equal(ids.length));
    const spiking = (await server.runtime.store.readStream(`cluster-${clusterId}`)).filter((e) => e.type === 'ClusterSpiking');
    expect(spiking, 'only the spike before muting').to.have.length(1);
    expect(await deliveries('cluster.spiking')).to.equal(1);
    expect(await detail()).to.include({ muted: true, spiking: false, size: 6 });
  });

  it('a full replay keeps spiking cleared', async () => {
    const { engine } = server.runtime;
    await engine.stop();
    try {
      await engine.reset(['clusters']);
      await engine.catchUp();
    } finally {
      await engine.start();
    }
    expect((await detail()).spiking).to.equal(false);
  });
});
