import { expect } from 'chai';
import { waitForCluster } from '../support/clusters.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { failures, llmEnvFor, OpenAIStub } from '../support/openai-stub.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

describe('ANALYZER=llm end to end against a local OpenAI-compatible stub (spec 3.1)', () => {
  let stub: OpenAIStub;
  let server: TestServer;
  let project: TestProject;
  let key: string;

  before(async () => {
    stub = await OpenAIStub.start();
    server = await startTestServer({
      env: llmEnvFor(stub),
    });
    project = await server.createProject();
    key = project.secretKey;
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const submit = (text: string) => submitFeedback(server, key, { text });

  it('processes an item with the model: analyzer llm:<model>, values in the documented sets', async () => {
    const item = await waitForProcessed(server, key, await submit('The app crashes when I export a report'));
    expect(item.analysis).to.deep.equal({ analyzer: 'llm:stub-chat', fallback: null, topic: 'Data export' });
    expect(['positive', 'neutral', 'negative']).to.include(item.sentiment);
    expect(item.language).to.match(/^[a-z]{2}$|^und$/);
    expect(stub.chatRequests.length).to.be.greaterThan(0);
  });

  it('sends no personal data to the model: the prompt holds the redacted text', async () => {
    const before = stub.chatRequests.length;
    await waitForProcessed(server, key, await submit('Please call me on +44 20 7946 0958, jane.roe@example.com'));
    const sent = JSON.stringify(stub.chatRequests.slice(before));
    expect(sent).to.not.include('jane.roe@example.com');
    expect(sent).to.not.include('7946');
    expect(sent).to.include('[email]');
  });

  it('names themes with the LLM: the label is the model’s phrase for the theme’s terms', async () => {
    const id = await submit('Exporting the monthly report to PDF fails');
    const clusterId = await waitForCluster(server, project, id);
    const detail: { cluster: { label: string } } = await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key }));
    const labelRequests = stub.chatRequests.filter((r) => JSON.stringify(r.body).includes('You name themes in customer feedback'));
    expect(labelRequests.length).to.be.greaterThan(0);
    // The stub answers with the capitalised terms it was given; c-TF-IDF alone would give lower-case "a / b".
    expect(detail.cluster.label).to.match(/^[A-Z]/);
    expect(detail.cluster.label).to.not.include(' / ');
  });

  it('falls back to the offline analyzer after the last attempt and records it; the item is not lost', async () => {
    // Analysis calls only: the theme of the item before may still be being named.
    stub.failNext(2, failures.serverError(), 'analysis');
    const item = await waitForProcessed(server, key, await submit('Dark mode would be great'));
    expect(item.analysis.analyzer).to.equal('offline');
    expect(item.analysis.fallback).to.deep.equal({ from: 'llm:stub-chat', reason: 'provider_5xx' });
    expect(item.analysis.topic).to.equal(null);
  });

  it('records the topic the model named and puts a Spanish and an English sign-in report in one theme; a report on no area has no topic', async () => {
    const other = await server.createProject();
    const send = (text: string) => submitFeedback(server, other.secretKey, { text });
    const spanish = await send('No puedo iniciar sesión desde ayer, me devuelve a la pantalla inicial');
    const english = await send('Cannot log in since the update, it just spins');
    const vague = await send('Just wanted to say hi to the team');
    const [a, b] = [await waitForCluster(server, other, spanish), await waitForCluster(server, other, english)];
    expect(a).to.equal(b);
    expect((await waitForProcessed(server, other.secretKey, spanish)).analysis.topic).to.equal('Sign in');
    expect((await waitForProcessed(server, other.secretKey, vague)).analysis.topic).to.equal(null);
    expect(await waitForCluster(server, other, vague)).to.not.equal(a);
  });

  it("sends the project's known topics with each analysis, most frequent first, and never another project's", async () => {
    const own = await server.createProject();
    const analysisMessages = (text: string) => {
      const request = stub.analysisRequests.find((r) => r.body.messages.at(-1)?.content === text);
      return (request?.body.messages ?? []) as { role: string; content: string }[];
    };
    const knownTopicsMessage = (text: string) => analysisMessages(text).find((m) => m.role === 'system' && m.content.includes('already has'))?.content;
    const processedIn = async (text: string) => waitForProcessed(server, own.secretKey, await submitFeedback(server, own.secretKey, { text }));

    await processedIn('Dark mode hurts my eyes less, please add it to the editor');
    expect(analysisMessages('Dark mode hurts my eyes less, please add it to the editor')).to.have.length(2);
    expect(knownTopicsMessage('Dark mode hurts my eyes less, please add it to the editor')).to.equal(undefined);
    await processedIn('I cannot log in since Monday');
    await processedIn('Password reset mail never arrives');
    await processedIn('Hello from the other side');
    await processedIn('The checkout button does nothing');
    const message = knownTopicsMessage('The checkout button does nothing');
    // Sign in twice, then Dark mode; "General" is no topic; the other projects' "Data export" is not theirs to see.
    expect(message).to.include('["Sign in","Dark mode"]');
    expect(message).to.not.include('Data export');
  });
});
