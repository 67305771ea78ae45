import { expect } from 'chai';
import { createServer } from 'node:net';
import type { EmbeddingsConfig } from '../../../../src/analysis/embeddings/embeddings-config.js';
import { RemoteEmbedder } from '../../../../src/analysis/embeddings/remote-embedder.js';
import { LlmCallError } from '../../../../src/analysis/llm/llm-error.js';
import { behave, EmbeddingsStub } from '../../../support/embeddings-stub.js';
import { stubVector } from '../../../support/openai-stub.js';

const configFor = (stub: EmbeddingsStub, overrides: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
  baseURL: stub.baseURL,
  model: 'stub-multilingual',
  dimensions: 768,
  timeoutMs: 2_000,
  batchSize: 32,
  prefix: '',
  ...overrides,
});

/** Retry collaborators that wait for nothing and remember each wait and each log entry. */
function recording() {
  const delays: number[] = [];
  const warnings: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  return {
    delays,
    warnings,
    errors,
    deps: {
      sleep: async (ms: number) => {
        delays.push(ms);
      },
      random: () => 0.5,
      logger: { warn: (obj: Record<string, unknown>) => warnings.push(obj), error: (obj: Record<string, unknown>) => errors.push(obj) } as any,
    },
  };
}

async function failureOf(promise: Promise<unknown>): Promise<LlmCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call should fail').to.be.instanceOf(LlmCallError);
  return error as LlmCallError;
}

describe('RemoteEmbedder against a local OpenAI-compatible embeddings server', () => {
  let stub: EmbeddingsStub;

  before(async () => {
    stub = await EmbeddingsStub.start({ dimensions: 768 });
  });
  beforeEach(() => {
    stub.reset();
    stub.dimensions = 768;
    stub.honoursDimensions = false;
    stub.refusesDimensions = false;
  });
  after(async () => {
    await stub.close();
  });

  describe('requests', () => {
    it('sends texts asked for together in requests of EMBEDDINGS_BATCH, and gives each text its own vector', async () => {
      const embedder = new RemoteEmbedder(configFor(stub, { batchSize: 2 }));
      const texts = ['Login fails', 'Dark mode please', 'Export is slow', 'Checkout broke', 'Love it'];
      const embeddings = await Promise.all(texts.map((t) => embedder.embed(t)));
      expect(stub.requests.map((r) => r.body.input.length)).to.deep.equal([2, 2, 1]);
      for (const [i, embedding] of embeddings.entries()) {
        expect(embedding).to.deep.equal({ model: 'stub-multilingual', dimensions: 768, vector: stubVector(texts[i], 768) });
      }
      expect(stub.requests[0].body).to.include({ model: 'stub-multilingual', encoding_format: 'float', dimensions: 768 });
      expect(stub.requests[0].headers).not.to.have.property('authorization');
    });

    it('sends the key as a bearer token when set, and puts EMBEDDINGS_PREFIX before every text', async () => {
      const embedder = new RemoteEmbedder(configFor(stub, { apiKey: 'local-key', prefix: 'query: ' }));
      const embedding = await embedder.embed('Kann mich nicht anmelden');
      expect(stub.requests[0].headers.authorization).to.equal('Bearer local-key');
      expect(stub.inputs).to.deep.equal(['query: Kann mich nicht anmelden']);
      expect(embedding.vector).to.deep.equal(stubVector('query: Kann mich nicht anmelden', 768));
    });

    it('asks a Matryoshka model for EMBEDDINGS_DIMENSIONS values', async () => {
      stub.honoursDimensions = true;
      const embedding = await new RemoteEmbedder(configFor(stub, { dimensions: 256 })).embed('Login fails');
      expect(stub.requests[0].body.dimensions).to.equal(256);
      expect(embedding.dimensions).to.equal(256);
    });

    it('drops the dimensions parameter for good when the server refuses it, still checking the size', async () => {
      stub.refusesDimensions = true;
      const { deps, warnings } = recording();
      const embedder = new RemoteEmbedder(configFor(stub), deps);
      expect((await embedder.embed('one')).dimensions).to.equal(768);
      await embedder.embed('two');
      expect(stub.requests.map((r) => r.body.dimensions)).to.deep.equal([768, undefined, undefined]);
      expect(warnings.filter((w) => w.status === 400)).to.have.length(1);
    });

    it('learns the size from the first answer when EMBEDDINGS_DIMENSIONS is unset, and sends no dimensions', async () => {
      stub.dimensions = 1024;
      const embedder = new RemoteEmbedder(configFor(stub, { dimensions: undefined }));
      expect(embedder.embeddingModel).to.deep.equal({ model: 'stub-multilingual', dimensions: 0 });
      expect((await embedder.embed('bge-m3 style')).dimensions).to.equal(1024);
      expect(embedder.embeddingModel.dimensions).to.equal(1024);
      expect(stub.requests[0].body).not.to.have.property('dimensions');
    });
  });

  describe('a server that never answers', () => {
    it('times out each attempt and fails every text of the request with reason timeout, making up no vector', async () => {
      stub.next(behave.hang(), behave.hang());
      const { deps } = recording();
      const embedder = new RemoteEmbedder(configFor(stub, { timeoutMs: 150 }), { ...deps, maxAttempts: 2 });
      const started = Date.now();
      const [a, b] = await Promise.all([failureOf(embedder.embed('one')), failureOf(embedder.embed('two'))]);
      expect(Date.now() - started).to.be.within(290, 5_000);
      expect(a).to.include({ operation: 'embedding', reason: 'timeout', attempts: 2 });
      expect(b).to.equal(a);
      expect(stub.requests).to.have.length(2);
    });
  });

  describe('429 with Retry-After', () => {
    it('waits the seconds the server asks, then succeeds', async () => {
      stub.next(behave.status(429, { 'retry-after': '7' }));
      const { deps, delays } = recording();
      const embedding = await new RemoteEmbedder(configFor(stub), deps).embed('hello');
      expect(delays).to.deep.equal([7_000]);
      expect(embedding.vector).to.deep.equal(stubVector('hello', 768));
    });

    it('waits until an HTTP-date, then succeeds', async () => {
      stub.next(behave.status(429, { 'retry-after': new Date(Date.now() + 5_000).toUTCString() }));
      const { deps, delays } = recording();
      await new RemoteEmbedder(configFor(stub), deps).embed('hello');
      // The date has whole seconds: between 4 and 5 seconds from the answer.
      expect(delays).to.have.length(1);
      expect(delays[0]).to.be.within(3_500, 5_000);
    });

    it('waits no longer than its bound, however long the server asks', async () => {
      stub.next(behave.status(429, { 'retry-after': '86400' }));
      const { deps, delays } = recording();
      await new RemoteEmbedder(configFor(stub), { ...deps, maxBackoffMs: 20_000 }).embed('hello');
      expect(delays).to.deep.equal([20_000]);
    });

    it('really waits: a one-second Retry-After separates the two requests by about a second', async () => {
      stub.next(behave.status(429, { 'retry-after': '1' }));
      await new RemoteEmbedder(configFor(stub), { logger: { warn: () => {}, error: () => {} } as any }).embed('hello');
      expect(stub.requests).to.have.length(2);
      expect(stub.requests[1].at - stub.requests[0].at).to.be.within(950, 3_000);
    });
  });

  describe('5xx', () => {
    it('retries with growing backoff and succeeds', async () => {
      stub.next(behave.status(503), behave.status(500));
      const { deps, delays, warnings } = recording();
      const embedding = await new RemoteEmbedder(configFor(stub), deps).embed('hello');
      expect(embedding.dimensions).to.equal(768);
      expect(delays).to.have.length(2);
      expect(delays[1]).to.be.greaterThan(delays[0]);
      expect(warnings.map((w) => w.reason)).to.deep.equal(['provider_5xx', 'provider_5xx']);
    });

    it('fails with reason provider_5xx after the last attempt', async () => {
      stub.next(behave.status(502), behave.status(502), behave.status(502));
      const { deps } = recording();
      const error = await failureOf(new RemoteEmbedder(configFor(stub), deps).embed('hello'));
      expect(error).to.include({ reason: 'provider_5xx', status: 502, attempts: 3 });
    });

    it('does not retry a 401 (a wrong key will not get better)', async () => {
      stub.next(behave.status(401));
      const { deps } = recording();
      expect(await failureOf(new RemoteEmbedder(configFor(stub), deps).embed('hello'))).to.include({ reason: 'provider_4xx', attempts: 1 });
    });
  });

  describe('vectors of the wrong size', () => {
    it('refuses 384 values when 768 are expected, logging the error once however many requests fail', async () => {
      stub.dimensions = 384;
      const { deps, errors } = recording();
      const embedder = new RemoteEmbedder(configFor(stub), { ...deps, maxAttempts: 2 });
      const first = await failureOf(embedder.embed('one'));
      await failureOf(embedder.embed('two'));
      expect(first).to.include({ reason: 'invalid_output', problem: 'embedding has 384 dimensions, expected 768' });
      expect(errors).to.deep.equal([{ model: 'stub-multilingual', expected: 768, got: 384 }]);
    });

    it('refuses a server whose size changes between calls, keeping the first size', async () => {
      const { deps } = recording();
      const embedder = new RemoteEmbedder(configFor(stub, { dimensions: undefined }), { ...deps, maxAttempts: 1 });
      await embedder.embed('one');
      stub.dimensions = 1024;
      expect(await failureOf(embedder.embed('two'))).to.include({ problem: 'embedding has 1024 dimensions, expected 768' });
      expect(embedder.embeddingModel.dimensions).to.equal(768);
    });
  });

  describe('garbage answers', () => {
    const garbage: [string, ReturnType<typeof behave.body>, string][] = [
      ['an HTML page', behave.body('<html><body>502 Bad Gateway</body></html>', 'text/html'), 'answer is not JSON (content-type text/html)'],
      ['invalid JSON', behave.body('{"data": [', 'application/json'), 'answer is not JSON (content-type application/json)'],
      ['NaN, which JSON cannot hold', behave.body('{"data":[{"index":0,"embedding":[NaN,0.1]}]}'), 'answer is not JSON (content-type application/json)'],
      ['no data', behave.edit(({ data: _data, ...rest }) => rest), 'answer has no data list'],
      ['fewer vectors than inputs', behave.edit((a) => ({ ...a, data: a.data.slice(1) })), 'answer has 1 vectors for 2 inputs'],
      [
        'strings in a vector',
        behave.edit((a) => ({ ...a, data: a.data.map((d) => ({ ...d, embedding: (d.embedding as number[]).map(String) })) })),
        'vector 0 holds a value that is not a finite number',
      ],
      [
        'a base64 string for a vector',
        behave.edit((a) => ({ ...a, data: a.data.map((d) => ({ ...d, embedding: 'AAAA' })) })),
        'vector 0 is not a list of numbers',
      ],
      ['a repeated index', behave.edit((a) => ({ ...a, data: a.data.map((d) => ({ ...d, index: 0 })) })), 'index 0 appears twice'],
      ['no index', behave.edit((a) => ({ ...a, data: a.data.map(({ index: _index, ...d }) => d) })), 'data[0] has no valid index'],
      ['an all-zero vector', behave.edit((a) => ({ ...a, data: a.data.map((d) => ({ ...d, embedding: new Array(768).fill(0) })) })), 'vector 0 is all zeros'],
    ];
    for (const [what, answer, problem] of garbage) {
      it(`fails both texts on ${what}, naming the defect, and retries the request`, async () => {
        stub.next(answer, answer);
        const { deps, warnings } = recording();
        const embedder = new RemoteEmbedder(configFor(stub), { ...deps, maxAttempts: 2 });
        const [a, b] = await Promise.all([failureOf(embedder.embed('first text')), failureOf(embedder.embed('second text'))]);
        expect(a).to.include({ reason: 'invalid_output', problem, attempts: 2 });
        expect(a.message).to.include(problem).and.not.include('first text');
        expect(b).to.equal(a);
        expect(warnings).to.have.length(1);
        expect(stub.requests).to.have.length(2);
        // The answer after them is used.
        expect((await embedder.embed('first text')).vector).to.deep.equal(stubVector('first text', 768));
      });
    }

    it('places vectors by their index when the server lists them out of order', async () => {
      stub.next(behave.edit((a) => ({ ...a, data: [...a.data].reverse() })));
      const embedder = new RemoteEmbedder(configFor(stub));
      const [a, b, c] = await Promise.all(['one', 'two', 'three'].map((t) => embedder.embed(t)));
      expect([a.vector, b.vector, c.vector]).to.deep.equal(['one', 'two', 'three'].map((t) => stubVector(t, 768)));
    });
  });

  it('fails with reason network when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { deps } = recording();
    const embedder = new RemoteEmbedder({ ...configFor(stub), baseURL: `http://127.0.0.1:${port}/v1` }, { ...deps, maxAttempts: 1 });
    expect(await failureOf(embedder.embed('hello'))).to.include({ reason: 'network' });
  });
});
