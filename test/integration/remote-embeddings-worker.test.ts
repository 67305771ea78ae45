import { expect } from 'chai';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import { RemoteEmbedder } from '../../src/analysis/embeddings/remote-embedder.js';
import { RemoteEmbeddingAnalyzer } from '../../src/analysis/embeddings/remote-embedding-analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { AnalysisWorker } from '../../src/work/analysis-worker.js';
import { retryDelaySeconds } from '../../src/work/retry-delay.js';
import { behave, EmbeddingsStub, embeddingsEnvFor } from '../support/embeddings-stub.js';
import { submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The analysis worker with the offline analyzer's sentiment and type and a remote model's vectors: whatever the
 * embedding server does wrong, the item stays pending and its job is retried (then parked), exactly as when
 * the analyzer itself fails, and nothing is stored with a made-up vector, another model's, or the wrong size.
 */
describe('Analysis with remote embeddings: failures of the embedding server go the way of analysis failures', function () {
  this.timeout(120_000);
  const clock = new MutableClock();
  let stub: EmbeddingsStub;
  let server: TestServer;
  let project: TestProject;
  let analyzer: Analyzer;

  before(async () => {
    stub = await EmbeddingsStub.start({ dimensions: 768 });
    server = await startTestServer({ workers: false, clock, env: embeddingsEnvFor(stub, 'stub-multilingual', { EMBEDDINGS_TIMEOUT_MS: '300' }) });
    project = await server.createProject({ name: 'Remote vectors' });
    const embedder = new RemoteEmbedder(
      { baseURL: stub.baseURL, model: 'stub-multilingual', dimensions: 768, timeoutMs: 300, batchSize: 32, prefix: '' },
      { maxAttempts: 1, sleep: async () => {} },
    );
    analyzer = new RemoteEmbeddingAnalyzer(await loadOfflineAnalyzer(), embedder);
  });
  beforeEach(() => stub.reset());
  after(async () => {
    await server.close();
    await stub.close();
  });

  const worker = () => new AnalysisWorker(server.runtime, async () => analyzer, { maxAttempts: 2 });

  const submit = async (text: string) => {
    const id = await submitFeedback(server, project.secretKey, { text });
    await untilConsumersCaughtUp(server);
    return id;
  };

  async function stored(id: string) {
    await server.runtime.engine.catchUp();
    const events = await server.runtime.db.query<{ type: string }>(`SELECT type FROM events WHERE stream = $1 ORDER BY revision`, [`feedback-${id}`]);
    const vector = await server.runtime.db.query<{ model: string; dimensions: number }>(
      `SELECT model, dimensions FROM feedback_embeddings WHERE feedback_id = $1`,
      [id],
    );
    const job = await server.runtime.db.query<{ attempts: number; available_at: Date; parked_at: Date | null; last_error: string | null }>(
      `SELECT attempts, available_at, parked_at, last_error FROM analysis_jobs WHERE feedback_id = $1`,
      [id],
    );
    return { events: events.rows.map((r) => r.type), vector: vector.rows[0], job: job.rows[0] };
  }

  /** Runs the worker once more after the jobs' retry delay; it claims `jobs` of them. */
  async function retryLater(attempts: number, jobs = 1): Promise<void> {
    clock.advance(retryDelaySeconds(attempts) * 1000);
    expect(await worker().runOnce()).to.equal(jobs);
  }

  it('a server that never answers: the item stays pending, its job is retried later, then processed with the remote vector', async () => {
    const id = await submit('Die Anmeldung schlägt seit dem Update fehl');
    stub.next(behave.hang());
    const start = clock.now().getTime();
    expect(await worker().runOnce()).to.equal(1);
    const failed = await stored(id);
    expect(failed.events).to.deep.equal(['FeedbackSubmitted']);
    expect(failed.vector).to.equal(undefined);
    expect(failed.job.attempts).to.equal(1);
    expect(failed.job.available_at.getTime()).to.equal(start + retryDelaySeconds(1) * 1000);

    await retryLater(1);
    const done = await stored(id);
    expect(done.events).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
    expect(done.vector).to.deep.equal({ model: 'stub-multilingual', dimensions: 768 });
    expect(done.job).to.equal(undefined);
    expect(stub.inputs).to.deep.equal(['Die Anmeldung schlägt seit dem Update fehl', 'Die Anmeldung schlägt seit dem Update fehl']);
  });

  it('vectors of the wrong size: nothing stored, retried, then parked naming the sizes', async () => {
    const id = await submit('Checkout button does nothing on mobile');
    stub.dimensions = 384;
    try {
      await worker().runOnce();
      expect((await stored(id)).job.parked_at).to.equal(null);
      await retryLater(1);
    } finally {
      stub.dimensions = 768;
    }
    const parked = await stored(id);
    expect(parked.events).to.deep.equal(['FeedbackSubmitted']);
    expect(parked.vector).to.equal(undefined);
    expect(parked.job.parked_at).to.be.instanceOf(Date);
    expect(parked.job.last_error).to.equal(
      'LlmCallError: embedding call failed: invalid_output (embedding has 384 dimensions, expected 768) after 1 attempt(s)',
    );
  });

  it('a garbage answer (fewer vectors than texts) fails the whole batch, and every item of it is retried, none lost', async () => {
    const ids = [await submit('Export to CSV is broken'), await submit('Please add a dark theme'), await submit('Great support team')];
    stub.next(behave.edit((answer) => ({ ...answer, data: answer.data.slice(1) })));
    expect(await worker().runOnce()).to.equal(3);
    // One request for the three texts, answered with two vectors: no item may take a neighbour's vector.
    expect(stub.requests).to.have.length(1);
    for (const id of ids) {
      const failed = await stored(id);
      expect(failed.events).to.deep.equal(['FeedbackSubmitted']);
      expect(failed.job.last_error ?? '').to.equal('');
    }
    await retryLater(1, 3);
    for (const id of ids) expect((await stored(id)).vector).to.deep.equal({ model: 'stub-multilingual', dimensions: 768 });
  });

  it('search embeds the query with the remote model and finds the items it embedded', async () => {
    const text = 'La facture PDF ne contient pas le numéro de TVA';
    const id = await submit(text);
    expect(await worker().runOnce()).to.equal(1);
    expect((await stored(id)).vector).to.deep.equal({ model: 'stub-multilingual', dimensions: 768 });
    const response = await server.request(`/api/v1/search?q=${encodeURIComponent(text)}`, { key: project.secretKey });
    expect(response.status).to.equal(200);
    const body = await readJson(response);
    expect(body.model).to.equal('stub-multilingual');
    // The stub gives equal texts equal vectors: the item of that text is first, with a score of 1.
    expect(body.results[0].feedback.id).to.equal(id);
    expect(body.results[0].score).to.be.closeTo(1, 1e-6);
  });
});
