import { expect } from 'chai';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { llmEnvFor, OpenAIStub } from '../support/openai-stub.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { conversation, CUSTOMER, getTranscript, OWNER_EMAIL, postTranscript } from '../support/transcripts.js';

/**
 * ANALYZER=llm over real HTTP: the model proposes quotes, only verbatim ones become items. The failure codes are
 * tested on the extractor itself (test/integration/transcripts/llm-extractor.test.ts): here the items' analysis and theme
 * labels share the stub, so scripted failures could land on them.
 */
describe('transcript extraction with ANALYZER=llm against a local OpenAI-compatible stub', () => {
  let stub: OpenAIStub;
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    stub = await OpenAIStub.start();
    server = await startTestServer({
      env: llmEnvFor(stub),
    });
    project = await server.createProject({ name: 'LLM calls' });
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const send = async (externalId: string) => {
    const text = `Sam Rivera: How is the export?\nPriya: Honestly the export keeps failing every single morning.\n${conversation(900, ['Sam Rivera', 'Priya'])}`;
    const response = await postTranscript(server, project.secretKey, {
      external_id: externalId,
      owner_name: 'Sam Rivera',
      owner_email: OWNER_EMAIL,
      attendees: [CUSTOMER],
      text,
    });
    expect(response.status).to.equal(202);
    return (await readJson(response)).id as string;
  };
  const transcript = async (id: string) => readJson(await getTranscript(server, project.secretKey, id));

  it('a verbatim quote becomes an item; an invented one and the rep’s words are dropped', async () => {
    stub.answerNext({
      internal: false,
      quotes: [{ quote: 'the export keeps failing every single morning.' }, { quote: 'Exports never work.' }, { quote: 'How is the export?' }],
    });
    const id = await send('llm-1');
    await expectEventually(async () => expect(await transcript(id)).to.include({ status: 'done', signal_count: 1 }), { timeoutMs: 20_000, intervalMs: 250 });
    const callItems = async () =>
      ((await readJson(await server.request('/api/v1/feedback?limit=200', { key: project.secretKey }))).items as Record<string, any>[]).filter(
        (item) => item.source === 'call',
      );
    expect((await callItems()).map((item) => item.text)).to.deep.equal(['the export keeps failing every single morning.']);
    // Downstream, the item is analysed like any other (by the model here).
    await expectEventually(async () => expect((await callItems())[0].status).to.equal('processed'), { timeoutMs: 20_000 });
  });
});
