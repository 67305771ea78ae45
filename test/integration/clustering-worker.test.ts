import { expect } from 'chai';
import type { ThemeLabeler } from '../../src/analysis/labeler.js';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { AnalysisWorker } from '../../src/work/analysis-worker.js';
import { ClusteringWorker } from '../../src/work/clustering/clustering-worker.js';
import { submitFeedback, untilConsumersCaughtUp } from '../support/feedback.js';
import { readJson } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('ClusteringWorker: failures are retried later, the queue keeps moving', () => {
  const clock = new MutableClock(new Date());
  let server: TestServer;
  let key: string;
  let projectId: string;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
    ({ secretKey: key, projectId } = await server.createProject());
  });
  after(() => server.close());

  async function processed(text: string): Promise<string> {
    const id = await submitFeedback(server, key, { text });
    await untilConsumersCaughtUp(server); // the reactor that queues the analysis job has run
    const analysis = new AnalysisWorker(server.runtime, loadThreadedAnalyzer);
    while ((await analysis.runOnce()) > 0);
    await untilConsumersCaughtUp(server); // and the one that queues its clustering job
    return id;
  }

  it('a labeler that fails leaves the job with a growing delay; a later run clusters it', async () => {
    const id = await processed('Exports to Excel lose the date column');
    let failures = 0;
    const failing: ThemeLabeler = {
      async label() {
        failures++;
        throw new Error('labeler down');
      },
    };
    expect(await new ClusteringWorker(server.runtime, failing).runOnce()).to.equal(0);
    expect(failures).to.equal(1);
    const job = await server.runtime.db.query<{ attempts: number; available_at: Date }>(
      `SELECT attempts, available_at FROM clustering_jobs WHERE feedback_id = $1`,
      [id],
    );
    expect(job.rows[0].attempts).to.equal(1);
    expect(job.rows[0].available_at.getTime()).to.equal(clock.now().getTime() + 2000);

    const healthy = new ClusteringWorker(server.runtime, new CtfidfLabeler());
    expect(await healthy.runOnce(), 'not before its delay').to.equal(0);
    clock.advance(2001);
    expect(await healthy.runOnce()).to.equal(1);
    const item: { clusterId: string | null } = await readJson(await server.request(`/api/v1/feedback/${id}`, { key }));
    expect(item.clusterId).to.be.a('string');
    const lease = await server.runtime.db.query<{ free: boolean }>(`SELECT claimed_until < $2 AS free FROM clustering_leases WHERE project_id = $1`, [
      projectId,
      clock.now().toISOString(),
    ]);
    expect(lease.rows[0].free, 'lease released').to.equal(true);
  });

  describe('labels due in a batch are recorded once, at its end', () => {
    const DARK_MODE = [
      'Please add a dark mode, the white screen hurts my eyes at night',
      'Dark mode please! Using the app at night is painful',
      'Would love a dark theme for night time use',
      'Any plans for dark mode? My eyes hurt in the evening',
      'The bright white interface is blinding at night, we need dark mode',
    ];

    /** What a labeler was asked, theme by theme (its first text stands for the theme). */
    class CountingLabeler implements ThemeLabeler {
      calls: string[][] = [];
      async label(input: { texts: string[]; terms: string[] }): Promise<string> {
        this.calls.push(input.texts);
        return `dark mode (${input.texts.length})`;
      }
    }

    it('given five items of one theme analysed, when one worker run clusters them all, then the theme is labelled once, at its creation, from all five', async () => {
      const ids: string[] = [];
      for (const text of DARK_MODE) ids.push(await submitFeedback(server, key, { text }));
      await untilConsumersCaughtUp(server);
      const analysis = new AnalysisWorker(server.runtime, loadThreadedAnalyzer);
      while ((await analysis.runOnce()) > 0);
      await untilConsumersCaughtUp(server);

      const labeler = new CountingLabeler();
      expect(await new ClusteringWorker(server.runtime, labeler).runOnce()).to.equal(5);
      const themes = new Set<string>();
      for (const id of ids) themes.add(((await readJson(await server.request(`/api/v1/feedback/${id}`, { key }))) as { clusterId: string }).clusterId);
      expect([...themes], 'one theme').to.have.length(1);
      // Item by item it was labelled at creation and at sizes 2, 3 and 5; a batch decides first, then labels.
      expect(labeler.calls.map((texts) => texts.length)).to.deep.equal([5]);
      const [theme] = [...themes];
      const cluster = (await readJson(await server.request(`/api/v1/clusters/${theme}`, { key }))) as { cluster: { label: string } };
      expect(cluster.cluster.label).to.equal('dark mode (5)');
    });
  });
});
