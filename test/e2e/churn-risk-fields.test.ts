/**
 * Where `churnRisk` shows, with the LLM analyzer (against the local stub, which flags a few threat phrasings):
 * list, detail, search, export, the `churnRisk` filter, the theme's `churnRiskCount` and `feedback.processed`.
 */
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { waitForCluster } from '../support/clusters.js';
import { submitFeedback } from '../support/feedback.js';
import { expectEventually } from '../support/eventually.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { llmEnvFor, OpenAIStub } from '../support/openai-stub.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

describe('churnRisk in the API, themes and webhooks (ANALYZER=llm against the stub)', function () {
  this.timeout(120_000);
  let stub: OpenAIStub;
  let receiver: WebhookReceiver;
  let server: TestServer;
  let project: TestProject;
  let threat: string;
  let calm: string;

  before(async () => {
    stub = await OpenAIStub.start();
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: { ...llmEnvFor(stub), WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'c'.repeat(64) } });
    project = await server.createProject();
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/processed'), events: ['feedback.processed'] }),
    });
    expect(hook.status).to.equal(201);
    // The stub reads "love" as praise and flags "we are leaving": the analyzer must not record a positive threat.
    threat = await submitFeedback(server, project.secretKey, { text: 'I love the design, but we are leaving at the end of the month.' });
    calm = await submitFeedback(server, project.secretKey, { text: 'I love the new dashboard, thank you!' });
    await waitForProcessed(server, project.secretKey, threat);
    await waitForProcessed(server, project.secretKey, calm);
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    await stub?.close();
  });

  const get = async (path: string) => {
    const response = await server.request(path, { key: project.secretKey });
    expect(response.status, path).to.equal(200);
    return response;
  };

  it('given a threat wrapped in praise, then the detail says churnRisk true and negative; praise alone false', async () => {
    expect(await readJson(await get(`/api/v1/feedback/${threat}`))).to.include({ churnRisk: true, sentiment: 'negative', type: 'complaint' });
    expect(await readJson(await get(`/api/v1/feedback/${calm}`))).to.include({ churnRisk: false, sentiment: 'positive' });
  });

  it('when the list is filtered with churnRisk=true or false, then only the processed items with that value come back', async () => {
    const ids = async (query: string) => ((await readJson(await get(`/api/v1/feedback${query}`))).items as { id: string }[]).map((item) => item.id);
    expect(await ids('?churnRisk=true')).to.deep.equal([threat]);
    expect(await ids('?churnRisk=false')).to.deep.equal([calm]);
    expect(await ids('')).to.have.members([threat, calm]);
  });

  it('when churnRisk is not `true` or `false`, then 400 naming churnRisk, on the list, the export and search', async () => {
    for (const path of ['/api/v1/feedback', '/api/v1/feedback/export', '/api/v1/search?q=price&']) {
      for (const value of ['yes', '1', 'TRUE', '']) {
        const url = `${path}${path.endsWith('&') ? '' : '?'}churnRisk=${value}`;
        const problem = await expectProblem(await server.request(url, { key: project.secretKey }), 400, 'invalid-request');
        expect(
          problem.errors.map((e: { field: string }) => e.field),
          url,
        ).to.deep.equal(['churnRisk']);
      }
    }
  });

  it('then search results and both export formats carry churnRisk, and the filter narrows them', async () => {
    const search = await readJson(await get('/api/v1/search?q=leaving&churnRisk=true'));
    expect(search.results.map((r: { feedback: { id: string; churnRisk: boolean } }) => [r.feedback.id, r.feedback.churnRisk])).to.deep.equal([[threat, true]]);
    const ndjson = (await (await get('/api/v1/feedback/export?format=ndjson')).text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(Object.fromEntries(ndjson.map((item) => [item.id, item.churnRisk]))).to.deep.equal({ [threat]: true, [calm]: false });
    const csv = parse(await (await get('/api/v1/feedback/export?format=csv&churnRisk=true')).text(), { columns: true }) as Record<string, string>[];
    expect(csv.map((row) => [row.id, row.churnRisk])).to.deep.equal([[threat, 'true']]);
  });

  it("then the threat's theme counts it in churnRiskCount, on the theme list and detail", async () => {
    const clusterId = await waitForCluster(server, project, threat);
    await expectEventually(async () => {
      const detail = await readJson(await get(`/api/v1/clusters/${clusterId}`));
      const threatsInTheme = detail.items.filter((item: { churnRisk: boolean }) => item.churnRisk).length;
      expect(threatsInTheme).to.be.greaterThan(0);
      expect(detail.cluster.churnRiskCount).to.equal(threatsInTheme);
      const listed = (await readJson(await get('/api/v1/clusters'))).clusters.find((c: { id: string }) => c.id === clusterId);
      expect(listed.churnRiskCount).to.equal(threatsInTheme);
    });
  });

  it('then feedback.processed carries churnRisk for each item', async () => {
    await expectEventually(() => expect(receiver.at('/processed')).to.have.length(2));
    const byItem = Object.fromEntries(receiver.at('/processed').map((delivery) => [delivery.json.data.feedbackId, delivery.json.data]));
    expect(byItem[threat]).to.include({ churnRisk: true, sentiment: 'negative' });
    expect(byItem[calm]).to.include({ churnRisk: false, sentiment: 'positive' });
  });
});
