import { expect } from 'chai';
import { untilConsumersCaughtUp } from '../support/feedback.js';
import { readCheckpoint } from '../../src/projection-engine/checkpoints.js';
import { readJson } from '../support/http.js';
import { snapshotTable } from '../support/table-snapshot.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Work queues are fed by reactors, which a rebuild of the read models never resets. */
describe('reactors are never reset by a rebuild', () => {
  let server: TestServer;
  const REACTORS = [
    'queue-analysis',
    'queue-clustering',
    'queue-erasure',
    'track-feedback-deletions',
    'webhook-outbox',
    'queue-question-evaluations',
    'track-user-erasures',
    'queue-user-health',
    'track-identity-merges',
    'queue-defined-theme-sweeps',
  ];

  before(async () => {
    // No workers: the analysis jobs stay pending, as they would while a worker is down.
    server = await startTestServer({ workers: false });
    const { secretKey } = await server.createProject({ name: 'Pending work' });
    for (const text of ['Export to CSV fails', 'Please add dark mode']) {
      const response = await server.request('/api/v1/feedback', { method: 'POST', key: secretKey, body: JSON.stringify({ text }) });
      expect(response.status).to.equal(202);
      await readJson(response);
    }
    await untilConsumersCaughtUp(server);
  });
  after(() => server.close());

  it('the engine knows which consumers are projectors and which are reactors', () => {
    const { engine } = server.runtime;
    expect(engine.projectorNames).to.deep.equal([
      'projects',
      'feedback-list',
      'feedback-vectors',
      'clusters',
      'users',
      'transcripts',
      'tracked-questions',
      'user-erasures',
      'theme-history',
      'cluster-links',
      'app-sessions',
    ]);
    expect(engine.names.filter((name) => !engine.projectorNames.includes(name))).to.deep.equal(REACTORS);
  });

  it("rebuilding every projector keeps the work tables and the reactors' checkpoints as they were", async () => {
    const { db, engine } = server.runtime;
    const jobs = await snapshotTable(db, 'analysis_jobs');
    expect(jobs).to.have.length(2);
    const checkpoints = await Promise.all(REACTORS.map((name) => readCheckpoint(db, name)));
    await engine.reset(engine.projectorNames);
    await engine.catchUp();
    expect(await snapshotTable(db, 'analysis_jobs')).to.deep.equal(jobs);
    expect(await Promise.all(REACTORS.map((name) => readCheckpoint(db, name)))).to.deep.equal(checkpoints);
    expect(await snapshotTable(db, 'feedback_items')).to.have.length(2);
  });

  it('asking to reset a reactor is refused', async () => {
    const error = await server.runtime.engine.reset(['queue-analysis']).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.equal('reactors are never reset: queue-analysis');
  });
});
