import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterLabelStream } from '../../../src/domain/cluster/events.js';
import { feedbackDeletionStream } from '../../../src/domain/feedback-deletion/events.js';
import { feedbackDecider } from '../../../src/domain/feedback/decider.js';
import { feedbackStream, type FeedbackDeleted } from '../../../src/domain/feedback/events.js';
import { systemContext } from '../../../src/eventstore/command-context.js';
import { handleCommand } from '../../../src/eventstore/command-handler.js';
import { runFeedbackDeletion } from '../../../src/processes/feedback-deletion/run.js';
import { expectEventually } from '../../support/eventually.js';
import { readJson } from '../../support/http.js';
import { MutableClock } from '../../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

class SimulatedCrash extends Error {}

/** Deletion is a process whose steps are recorded; killed between steps, it completes after a restart. */
describe('the feedback deletion process resumes after a crash between its steps', function () {
  this.timeout(120_000);
  const MARKER = 'quorvexian';
  let dataDir: string;
  let server: TestServer | undefined;
  let feedbackId: string;
  let clusterId: string;
  let projectId: string;

  const labelOf = async (s: TestServer) =>
    (await s.runtime.db.query<{ label: string; label_generation: number }>(`SELECT label, label_generation FROM clusters WHERE cluster_id = $1`, [clusterId]))
      .rows[0];
  const pending = async (s: TestServer) => (await s.runtime.db.query(`SELECT 1 FROM pending_feedback_deletions WHERE feedback_id = $1`, [feedbackId])).rowCount;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'deletion-process-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    const project = await server.createProject({ name: 'Deletion' });
    projectId = project.projectId;
    const response = await server.request('/api/v1/feedback', {
      key: project.secretKey,
      method: 'POST',
      body: JSON.stringify({ text: `The ${MARKER} export crashes every time` }),
    });
    feedbackId = (await readJson(response)).id;
    await expectEventually(
      async () => {
        const item = await readJson(await server!.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey }));
        expect(item.clusterId).to.be.a('string');
        clusterId = item.clusterId;
      },
      { timeoutMs: 30_000 },
    );
    expect((await labelOf(server)).label.toLowerCase()).to.include(MARKER);
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a request that dies after the first step leaves the item erased, the step recorded and the theme not yet relabelled', async () => {
    const s = server!;
    const context = systemContext('test', 'crash-run');
    const handled = await handleCommand(
      s.runtime.store,
      feedbackStream(feedbackId),
      feedbackDecider,
      { type: 'DeleteFeedback', feedbackId, projectId, deletedAt: s.runtime.clock.now().toISOString() },
      { context },
    );
    const deleted = handled.events[0] as FeedbackDeleted;
    expect(deleted.data.clusterId).to.equal(clusterId);
    await s.runtime.engine.waitFor(handled.appended!.position);
    const crashing = runFeedbackDeletion(s.runtime, { feedbackId, projectId, clusterId }, context, {
      onStepRecorded: (step) => {
        if (step === 'erase-item') throw new SimulatedCrash(step);
      },
    });
    await crashing.then(
      () => expect.fail('the run should have stopped'),
      (error: unknown) => expect(error).to.be.instanceOf(SimulatedCrash),
    );
    expect(await s.runtime.store.readStream(feedbackStream(feedbackId))).to.deep.equal([]);
    expect((await s.runtime.store.readStream(feedbackDeletionStream(feedbackId))).map((e) => e.data.step)).to.deep.equal(['erase-item']);
    expect(await pending(s)).to.equal(1);
    expect((await labelOf(s)).label.toLowerCase()).to.include(MARKER);
    await s.close();
    server = undefined;
  });

  it('after a restart the worker resumes it at the theme step, completes it, and no record of it is left', async () => {
    // Past the lease the dead request held on the process.
    server = await startTestServer({ env: { DATA_DIR: dataDir }, clock: new MutableClock(new Date(Date.now() + 60_000)) });
    const s = server;
    await expectEventually(async () => expect(await pending(s)).to.equal(0), { timeoutMs: 30_000 });
    const relabelled = await labelOf(s);
    expect(relabelled.label.toLowerCase()).to.not.include(MARKER);
    expect(relabelled.label_generation).to.equal(1);
    const [labeled] = await s.runtime.store.readStream(clusterLabelStream(clusterId, 1));
    expect(labeled.metadata, 'the resumed step is recorded under the process').to.deep.equal(
      systemContext('feedback-deletion', `feedback-deletion-${feedbackId}`),
    );
    expect(await s.runtime.store.readStream(feedbackDeletionStream(feedbackId))).to.deep.equal([]);
    const raw = await s.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    expect(raw.rows.filter((row) => row.data.includes(MARKER) || row.data.includes(feedbackId))).to.deep.equal([]);
  });
});
