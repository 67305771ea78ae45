import { expect } from 'chai';
import { trackQuestion } from '../../commands/track-question/handler.js';
import { untrackQuestion } from '../../commands/untrack-question/handler.js';
import { expectProblem, readJson } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// The verdicts, which follow the feedback matching a question by meaning, are in test/e2e-models/questions.test.ts.
describe('Tracked questions over the API: tenancy, redaction and hostile text', function () {
  this.timeout(120_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('is 404 for another project and after untracking', async () => {
    const owner = await server.createProject({ name: 'Owner' });
    const other = await server.createProject({ name: 'Other' });
    const tracked = await trackQuestion(server.runtime, { projectId: owner.projectId, text: 'Do users like dark mode?' }, testContext());
    expect(tracked.about).to.equal('dark mode');
    await expectProblem(await server.request(`/api/v1/questions/${tracked.questionId}`, { key: other.secretKey }), 404, 'not-found');
    expect((await readJson(await server.request('/api/v1/questions', { key: other.secretKey }))).questions).to.deep.equal([]);

    await untrackQuestion(server.runtime, { projectId: owner.projectId, questionId: tracked.questionId }, testContext());
    await expectProblem(await server.request(`/api/v1/questions/${tracked.questionId}`, { key: owner.secretKey }), 404, 'not-found');
    expect((await readJson(await server.request('/api/v1/questions', { key: owner.secretKey }))).questions).to.deep.equal([]);
  });

  it('redacts personal data in the question before recording it', async () => {
    const project = await server.createProject({ name: 'Redacted question' });
    const tracked = await trackQuestion(server.runtime, { projectId: project.projectId, text: 'Is jane.doe@example.com happy with exports?' }, testContext());
    expect(tracked.text).not.to.include('jane.doe@example.com');
    const events = await server.runtime.store.readStream(`tracked-questions-${project.projectId}`);
    expect(JSON.stringify(events.map((event) => event.data))).not.to.include('jane.doe');
  });

  it('refuses hostile question text, naming the field, and records nothing', async () => {
    const project = await server.createProject({ name: 'Hostile question' });
    for (const text of ['', 'x'.repeat(20_000), 'nul\u0000', 'cut \ud83d']) {
      let error: any;
      await trackQuestion(server.runtime, { projectId: project.projectId, text }, testContext()).catch((e) => (error = e));
      expect(error?.problems?.[0]?.field, JSON.stringify(text.slice(0, 20))).to.equal('text');
    }
    expect(await server.runtime.store.readStream(`tracked-questions-${project.projectId}`)).to.deep.equal([]);
  });
});
