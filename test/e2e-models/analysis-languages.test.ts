import { expect } from 'chai';
import { postFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

/** As a client sees them: analysis in other languages, hard cases, and the confidence field. */
describe('analysis in several languages, hard cases and confidence (GET /feedback, /feedback/{id})', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' });
    project = await server.createProject({ name: 'Languages' });
  });
  after(() => server.close());

  const analyse = async (text: string) => {
    const { id } = await readJson(await postFeedback(server, project.secretKey, { text }));
    return waitForProcessed(server, project.secretKey, id);
  };

  it('reads non-English feedback instead of calling it neutral/other, with a confidence in [0, 1]', async () => {
    const cases = [
      { text: 'La app se cierra cada vez que abro el carrito', language: 'es', sentiment: 'negative', type: 'bug' },
      { text: 'Super Service, vielen Dank!', language: 'de', sentiment: 'positive', type: 'praise' },
      { text: '希望能增加导出功能', language: 'zh', sentiment: 'neutral', type: 'feature_request' },
    ];
    for (const c of cases) {
      const item = await analyse(c.text);
      expect(item, c.text).to.include({ language: c.language, sentiment: c.sentiment, type: c.type });
      expect(item.confidence, c.text).to.be.a('number').within(0, 1);
    }
  });

  it('reads "great app but the ads are too intrusive" and a removal as negative complaints', async () => {
    for (const text of ['great app but the ads are too intrusive', 'why did you remove bulk edit?? bring it back']) {
      const item = await analyse(text);
      expect(item, text).to.include({ sentiment: 'negative', type: 'complaint' });
      expect(item.sentimentScore, text).to.be.below(0);
    }
  });

  it('lists the confidence of every processed item', async () => {
    const response = await server.request('/api/v1/feedback', { key: project.secretKey });
    expect(response.status).to.equal(200);
    const { items } = await readJson(response);
    expect(items.length).to.be.at.least(5);
    for (const item of items) expect(item.confidence).to.be.a('number').within(0, 1);
  });

  it('documents the field in the OpenAPI document', async () => {
    const document = await readJson(await server.request('/api/v1/openapi.json'));
    expect(JSON.stringify(document)).to.contain('How sure the analyzer is of `sentiment` and `type`');
  });
});
