import { expect } from 'chai';
import { waitForCluster } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

describe('churn risk with the offline analyzer, end to end', function () {
  this.timeout(120_000);
  let receiver: WebhookReceiver;
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ analyzer: 'offline', env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'd'.repeat(64) } });
    project = await server.createProject();
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/processed'), events: ['feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('given a threat to switch, when it is processed, then churnRisk, not positive, counted by its theme and sent in feedback.processed', async () => {
    const text = 'Your pricing jumped 40% overnight. Seriously considering switching to a competitor.';
    const id = await submitFeedback(server, project.secretKey, { text });
    const item = await waitForProcessed(server, project.secretKey, id);
    expect(item.churnRisk).to.equal(true);
    expect(item.sentiment).to.not.equal('positive');
    expect(item.sentimentScore).to.be.at.most(0);

    const clusterId = await waitForCluster(server, project, id);
    await expectEventually(async () => {
      const detail = await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }));
      expect(detail.cluster.churnRiskCount).to.equal(1);
      expect(detail.items.find((member: { id: string }) => member.id === id)).to.include({ churnRisk: true });
    });

    await expectEventually(() => expect(receiver.at('/processed').map((delivery) => delivery.json.data.feedbackId)).to.include(id));
    const delivered = receiver.at('/processed').find((delivery) => delivery.json.data.feedbackId === id)!;
    expect(delivered.json.data).to.include({ churnRisk: true, sentiment: item.sentiment });
  });

  it('given a look-alike ("switched from a competitor and love it"), then no churn risk, still positive, not counted', async () => {
    const id = await submitFeedback(server, project.secretKey, { text: 'I switched from a competitor last month and love it.' });
    const item = await waitForProcessed(server, project.secretKey, id);
    expect(item).to.include({ churnRisk: false, sentiment: 'positive' });
    const clusterId = await waitForCluster(server, project, id);
    const detail = await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }));
    expect(detail.cluster.churnRiskCount).to.equal(detail.items.filter((member: { churnRisk: boolean }) => member.churnRisk).length);
  });
});
