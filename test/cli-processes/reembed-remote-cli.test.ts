import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { openRuntime } from '../../src/runtime.js';
import { EmbeddingsStub, embeddingsEnvFor } from '../support/embeddings-stub.js';
import { cli, cliEnv, startServe, type CliResult } from '../support/feedbackctl-process.js';

const json = (response: Response): Promise<any> => response.json();

function expectSuccess(result: CliResult): void {
  expect(result.code, `exit code; stderr: ${result.stderr}`).to.equal(0);
}

const TEXTS = ['Die Anmeldung schlägt seit dem Update fehl', 'No puedo exportar mis facturas a PDF', 'Please add a dark mode to the editor'];

/**
 * A deployment that ran on the offline encoder switches to a self-hosted multilingual model: `feedbackctl reembed`
 * with EMBEDDINGS_* set moves every item to it, printing its progress, and the service then clusters and
 * searches with the new vectors only.
 */
describe('feedbackctl reembed to a remote embedding model (EMBEDDINGS_*)', function () {
  this.timeout(240_000);
  let dataDir: string;
  let stub: EmbeddingsStub;
  let secretKey: string;
  const ids: string[] = [];

  const vectors = async () => {
    const runtime = await openRuntime(loadConfig(cliEnv(dataDir)), { holder: 'reembed test', logger: createLogger('silent') });
    try {
      const rows = await runtime.db.query<{ model: string; dimensions: number; size: number }>(
        `SELECT model, dimensions, vector_dims(embedding) AS size FROM feedback_embeddings ORDER BY feedback_id`,
      );
      return rows.rows;
    } finally {
      await runtime.close();
    }
  };

  before(async () => {
    stub = await EmbeddingsStub.start({ dimensions: 768 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'feedbackctl-reembed-'));
    const created = await cli(dataDir, ['project', 'create', '--name', 'Multilingual', '--json']);
    expectSuccess(created);
    secretKey = JSON.parse(created.stdout).secretKey;
    // The offline analyzer processes and clusters the items, then the service stops.
    const server = await startServe(dataDir);
    try {
      const api = (p: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${server.port}${p}`, { ...init, headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' } });
      for (const text of TEXTS) ids.push((await json(await api('/api/v1/feedback', { method: 'POST', body: JSON.stringify({ text }) }))).id);
      for (const id of ids) {
        for (let i = 0; i < 600 && !(await json(await api(`/api/v1/feedback/${id}`))).clusterId; i++) await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await server.stop();
    }
  });
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await stub.close();
  });

  it('starts with offline vectors only', async () => {
    expect(await vectors()).to.deep.equal(TEXTS.map(() => ({ model: 'use-lite-512', dimensions: 512, size: 512 })));
  });

  it('re-embeds every item with the remote model, printing progress, and records the new model and size', async () => {
    const result = await cli(dataDir, ['reembed'], embeddingsEnvFor(stub));
    expectSuccess(result);
    expect(result.stdout).to.include('Re-embedded 3 items with stub-multilingual; they are clustered again by the workers.');
    expect(result.stderr).to.match(/^reembed with stub-multilingual: \d \/ 3 \(\d+%\) items/m);
    expect(result.stderr).to.match(/^reembed with stub-multilingual: 3 items re-embedded in [\d.]+ s$/m);
    // One request for the three texts, as they are stored (redacted), with no made-up or offline vector.
    expect(stub.requests).to.have.length(1);
    expect([...stub.inputs].sort()).to.deep.equal([...TEXTS].sort());
    expect(await vectors()).to.deep.equal(TEXTS.map(() => ({ model: 'stub-multilingual', dimensions: 768, size: 768 })));
  });

  it('a second run finds nothing to move', async () => {
    const result = await cli(dataDir, ['reembed'], embeddingsEnvFor(stub));
    expectSuccess(result);
    expect(result.stdout).to.include('Every item already has a stub-multilingual vector.');
  });

  it('the service then clusters the items among themes of the new model and searches with it', async () => {
    const server = await startServe(dataDir, { env: embeddingsEnvFor(stub) });
    try {
      const api = (p: string) => fetch(`http://127.0.0.1:${server.port}${p}`, { headers: { Authorization: `Bearer ${secretKey}` } });
      for (const id of ids) {
        let clusterId: string | null = null;
        for (let i = 0; i < 600 && !clusterId; i++) {
          clusterId = (await json(await api(`/api/v1/feedback/${id}`))).clusterId;
          if (!clusterId) await new Promise((r) => setTimeout(r, 50));
        }
        expect(clusterId, `item ${id} clustered again`).to.be.a('string');
      }
      const found = await json(await api(`/api/v1/search?q=${encodeURIComponent(TEXTS[1])}`));
      expect(found.model).to.equal('stub-multilingual');
      expect(found.results[0].feedback.id).to.equal(ids[1]);
      expect(found.results[0].score).to.be.closeTo(1, 1e-6);
    } finally {
      await server.stop();
    }
    const runtime = await openRuntime(loadConfig(cliEnv(dataDir)), { holder: 'reembed test', logger: createLogger('silent') });
    try {
      const themes = await runtime.db.query<{ model: string }>(
        `SELECT c.model FROM feedback_items f JOIN clusters c ON c.cluster_id = f.cluster_id WHERE f.feedback_id = ANY($1)`,
        [ids],
      );
      expect(themes.rows.map((row) => row.model)).to.deep.equal(['stub-multilingual', 'stub-multilingual', 'stub-multilingual']);
    } finally {
      await runtime.close();
    }
  });
});
