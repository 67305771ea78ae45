import { expect } from 'chai';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterLabelStream, clusterStream } from '../../src/domain/cluster/events.js';
import { feedbackDecider } from '../../src/domain/feedback/decider.js';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import { systemContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { AnalysisWorker } from '../../src/work/analysis-worker.js';
import { reclusterProject } from '../../src/work/clustering/recluster.js';
import { expectEventually } from '../support/eventually.js';
import { untilConsumersCaughtUp } from '../support/feedback.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TEXT = 'Exports to Excel lose the date column';
const setUp = systemContext('test', 'twin-themes');

describe('recluster pass: its merges and relabels are recorded as one system run', function () {
  this.timeout(60_000);
  let server: TestServer;
  let projectId: string;

  /** Puts an analysed item alone into a theme of its own, as if clustered before the themes drifted together. */
  async function aloneInTheme(feedbackId: string, clusterId: string): Promise<void> {
    const { store, clock, engine, db } = server.runtime;
    const member = await db.query<{ model: string }>(`SELECT model FROM cluster_members WHERE feedback_id = $1`, [feedbackId]);
    const at = clock.now().toISOString();
    const model = member.rows[0].model;
    await handleCommand(store, clusterStream(clusterId), clusterDecider, { type: 'CreateCluster', clusterId, projectId, model, at }, { context: setUp });
    const clustered = await handleCommand(
      store,
      feedbackStream(feedbackId),
      feedbackDecider,
      {
        type: 'RecordCluster',
        assignment: { feedbackId, projectId, clusterId, similarity: 1, clusteredAt: at },
      },
      { context: setUp },
    );
    await engine.waitFor(clustered.appended!.position);
  }

  before(async () => {
    server = await startTestServer({ workers: false });
    const project = await server.createProject({ name: 'Drift' });
    projectId = project.projectId;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await server.request('/api/v1/feedback', { key: project.secretKey, method: 'POST', body: JSON.stringify({ text: TEXT }) });
      ids.push(((await response.json()) as { id: string }).id);
    }
    await untilConsumersCaughtUp(server); // the reactor that queues the analysis jobs has run
    const analysis = new AnalysisWorker(server.runtime, loadThreadedAnalyzer);
    while ((await analysis.runOnce()) > 0);
    await expectEventually(async () => {
      const embedded = await server.runtime.db.query(`SELECT 1 FROM cluster_members WHERE feedback_id = ANY($1) AND embedding IS NOT NULL`, [ids]);
      expect(embedded.rowCount).to.equal(2);
    });
    await aloneInTheme(ids[0], 'cl_twin_a');
    await aloneInTheme(ids[1], 'cl_twin_b');
  });
  after(() => server.close());

  it('ClusterMerged and the surviving theme’s label share one run id, with the recluster pass as actor', async () => {
    const result = await reclusterProject(server.runtime, new CtfidfLabeler(), projectId);
    expect(result).to.include({ ran: true, merged: 1, relabeled: 1 });
    const events = [
      ...(await server.runtime.store.readStream(clusterStream('cl_twin_a'))),
      ...(await server.runtime.store.readStream(clusterStream('cl_twin_b'))),
    ];
    const merged = events.find((event) => event.type === 'ClusterMerged')!;
    const survivor = merged.data.into as string;
    const [labeled] = await server.runtime.store.readStream(clusterLabelStream(survivor, 0));
    const runId = merged.metadata.correlationId;
    expect(runId).to.be.a('string').and.not.equal('twin-themes');
    for (const event of [merged, labeled]) {
      expect(event.metadata, event.type).to.deep.equal({ correlationId: runId, causationId: runId, actor: { kind: 'system', name: 'recluster' } });
    }
  });
});
