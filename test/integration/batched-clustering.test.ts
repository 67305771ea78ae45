import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { AnalysisWorker } from '../../src/work/analysis-worker.js';
import { ClusteringWorker } from '../../src/work/clustering/clustering-worker.js';
import { submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A fixed set in a fixed order: a first week of a food-delivery app, 51 items in 8 themes and a few odd ones. */
const TEXTS = readFileSync(new URL('../fixtures/clustering/first-week/food-delivery.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text);

describe('batched clustering gives the same themes as clustering item by item', function () {
  this.timeout(300_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ workers: false });
  });
  after(() => server.close());

  /** Submits the texts to a new project, analyses them, clusters them in batches of `batchSize`; the themes as sets of texts. */
  async function themesWith(batchSize: number): Promise<{ themes: string[][]; merged: number }> {
    const { secretKey, projectId } = await server.createProject();
    for (const text of TEXTS) await submitFeedback(server, secretKey, { text });
    await untilConsumersCaughtUp(server);
    const analysis = new AnalysisWorker(server.runtime, loadThreadedAnalyzer);
    while ((await analysis.runOnce()) > 0);
    await untilConsumersCaughtUp(server);
    const clustering = new ClusteringWorker(server.runtime, new CtfidfLabeler(), { batchSize });
    let runs = 0;
    while ((await clustering.runOnce()) > 0) runs++;
    expect(runs, 'runs of the worker').to.equal(Math.ceil(TEXTS.length / batchSize));
    await untilConsumersCaughtUp(server);
    const members = await server.runtime.db.query<{ cluster_id: string; text: string }>(
      `SELECT cluster_id, text FROM feedback_items WHERE project_id = $1 ORDER BY text`,
      [projectId],
    );
    expect(
      members.rows.every((row) => row.cluster_id !== null),
      'every item has a theme',
    ).to.equal(true);
    const byTheme = new Map<string, string[]>();
    for (const row of members.rows) byTheme.set(row.cluster_id, [...(byTheme.get(row.cluster_id) ?? []), row.text]);
    const merged = await server.runtime.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clusters WHERE project_id = $1 AND merged_into IS NOT NULL`, [
      projectId,
    ]);
    return { themes: [...byTheme.values()].map((texts) => texts.sort()).sort(), merged: merged.rows[0].n };
  }

  it('given the same items in the same order, batches of 50 and batches of 1 give the same themes and merges', async () => {
    const oneByOne = await themesWith(1);
    const inBatches = await themesWith(50);
    expect(oneByOne.themes.length, 'several themes formed').to.be.greaterThan(3);
    expect(inBatches.themes).to.deep.equal(oneByOne.themes);
    expect(inBatches.merged).to.equal(oneByOne.merged);
    // Labels are not compared: item by item a theme is labelled at each relabel size against the themes of that
    // moment, in batches once from all its texts, so their words may differ while the themes are the same.
  });
});
