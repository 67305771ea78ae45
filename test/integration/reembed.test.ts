import { expect } from 'chai';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { countStaleEmbeddings, reembedStale } from '../../src/work/reembed.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { OpenAIStub } from '../support/openai-stub.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

describe('feedbackctl reembed: a project whose embedding model changes is re-embedded, never mixed', () => {
  let stub: OpenAIStub;
  let server: TestServer;
  let key: string;
  const ids: string[] = [];

  before(async () => {
    stub = await OpenAIStub.start();
    // Items are first processed by an LLM setup whose vectors come from a 64-dimension model.
    server = await startTestServer({
      env: { ANALYZER: 'llm', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: stub.baseURL, OPENAI_EMBEDDING_MODEL: 'stub-embed', OPENAI_EMBEDDING_DIMENSIONS: '64' },
    });
    key = (await server.createProject()).secretKey;
    for (const text of ['Login keeps failing with my password', 'Please add a dark mode', 'The CSV export times out']) {
      const id = await submitFeedback(server, key, { text });
      await waitForProcessed(server, key, id);
      ids.push(id);
    }
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('moves every stale vector to the new model and reclusters the items under it', async () => {
    const offline = await loadThreadedAnalyzer();
    const { db } = server.runtime;
    await expectEventually(async () =>
      expect((await db.query(`SELECT 1 FROM feedback_items WHERE cluster_id IS NULL`)).rowCount, 'unclustered items').to.equal(0),
    );
    expect(await countStaleEmbeddings(db, offline.embeddingModel.model)).to.equal(3);

    const progress: number[] = [];
    const done = await reembedStale(server.runtime, offline, { onProgress: (n) => progress.push(n) });
    expect(done).to.equal(3);
    expect(progress).to.deep.equal([1, 2, 3]);
    expect(await countStaleEmbeddings(db, offline.embeddingModel.model)).to.equal(0);

    const vectors = await db.query<{ model: string; dimensions: number }>(`SELECT DISTINCT model, dimensions FROM feedback_embeddings`);
    expect(vectors.rows).to.deep.equal([{ model: 'use-lite-512', dimensions: 512 }]);
    // Each item is clustered again among themes of the new model only.
    await expectEventually(async () => {
      const rows = await db.query<{ model: string }>(
        `SELECT c.model FROM feedback_items f JOIN clusters c ON c.cluster_id = f.cluster_id WHERE f.feedback_id = ANY($1)`,
        [ids],
      );
      expect(rows.rows.map((row) => row.model)).to.deep.equal(['use-lite-512', 'use-lite-512', 'use-lite-512']);
    });
    const events = await server.runtime.store.readStream(`feedback-${ids[0]}`);
    expect(events.map((e) => e.type)).to.include.members(['FeedbackReembedded']);
    expect(events.filter((e) => e.type === 'FeedbackClustered')).to.have.length(2);
  });

  it('records the re-embedding as one system run, and the clustering that follows as caused by it', async () => {
    const reembedded = await Promise.all(
      ids.map(async (id) => (await server.runtime.store.readStream(`feedback-${id}`)).filter((e) => e.type === 'FeedbackReembedded')),
    );
    const runId = reembedded[0][0].metadata.correlationId;
    expect(runId).to.be.a('string').and.not.equal('');
    for (const [event] of reembedded) {
      expect(event.metadata).to.deep.equal({ correlationId: runId, causationId: runId, actor: { kind: 'system', name: 'reembed' } });
    }
    const events = await server.runtime.store.readStream(`feedback-${ids[0]}`);
    const reclustered = events.filter((e) => e.type === 'FeedbackClustered').at(-1)!;
    expect(reclustered.metadata).to.deep.equal({
      correlationId: runId,
      causationId: reembedded[0][0].id,
      actor: { kind: 'system', name: 'clustering-worker' },
    });
  });

  it('a second run finds nothing to do', async () => {
    expect(await reembedStale(server.runtime, await loadThreadedAnalyzer())).to.equal(0);
  });
});
