import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { allProjections } from '../../../projections/index.js';
import type { Queryable } from '../../../src/db/database.js';
import { feedbackStream } from '../../../src/domain/feedback/events.js';
import type { RecordedEvent } from '../../../src/eventstore/event-store.js';
import { applyInOrder } from '../../../src/projection-engine/projection.js';
import { allReactors } from '../../../src/reactors/index.js';
import { LOGIN_PHRASINGS, waitForClusteredItem, waitForClusteringIdle } from '../../support/clusters.js';
import { submitFeedback, untilConsumersCaughtUp } from '../../support/feedback.js';
import type { TestProject } from '../../support/http.js';
import { snapshotTable } from '../../support/table-snapshot.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

class RolledBack extends Error {}

/**
 * A user erasure appends hundreds of `FeedbackDeleted` at once, and the projection engine hands such
 * a run to a consumer's set-based handler. Every consumer of the event must leave exactly the rows
 * that applying the same events one by one leaves (both tried on the same state, then rolled back).
 */
describe('a run of FeedbackDeleted applied at once equals the events applied one by one', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  const deleted: { feedbackId: string; clusterId: string | null }[] = [];
  const consumers = [...allProjections(), ...allReactors()].filter((consumer) => consumer.handles.includes('FeedbackDeleted'));

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Deletion runs' });
    const ids: string[] = [];
    for (const [i, text] of LOGIN_PHRASINGS.entries()) ids.push(await submitFeedback(server, project.secretKey, { text, userId: i < 4 ? 'runner' : 'stayer' }));
    ids.push(await submitFeedback(server, project.secretKey, { text: 'Dark mode please', email: 'shadow.runner@example.org' }));
    for (const id of ids) {
      const item = await waitForClusteredItem(server, project, id);
      if (ids.indexOf(id) < 3 || id === ids[ids.length - 1]) deleted.push({ feedbackId: id, clusterId: item.clusterId });
    }
    await waitForClusteringIdle(server, project.projectId);
    await untilConsumersCaughtUp(server);
    await server.runtime.engine.stop();
  });
  after(() => server.close());

  const events = (): RecordedEvent[] =>
    deleted.map(({ feedbackId, clusterId }, i) => ({
      id: randomUUID(),
      stream: feedbackStream(feedbackId),
      type: 'FeedbackDeleted',
      data: { feedbackId, projectId: project.projectId, deletedAt: '2026-11-23T00:00:00.000Z', clusterId, erasureRequestId: 'del_runs' },
      metadata: {},
      revision: 9,
      position: { commit: 10n ** 12n, prepare: 10n ** 12n + BigInt(i) },
      recordedAt: new Date(),
    }));

  async function snapshotAll(tx: Queryable): Promise<Record<string, string[]>> {
    const tables = await tx.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const snapshot: Record<string, string[]> = {};
    for (const { table_name } of tables.rows) snapshot[table_name] = await snapshotTable(tx, `"${table_name}"`);
    return snapshot;
  }

  it('every consumer of FeedbackDeleted has a run handler, and each leaves the same rows either way', async () => {
    expect(consumers.map((consumer) => consumer.name)).to.include.members(['clusters', 'users', 'feedback-list', 'queue-erasure', 'track-feedback-deletions']);
    for (const consumer of consumers) expect(consumer.applyRun?.FeedbackDeleted, consumer.name).to.be.a('function');
    let before: Record<string, string[]> = {};
    let oneByOne: Record<string, string[]> = {};
    let asRun: Record<string, string[]> = {};
    await server.runtime.db
      .transaction(async (tx) => {
        before = await snapshotAll(tx);
        await tx.query('SAVEPOINT trial');
        for (const consumer of consumers) for (const event of events()) await consumer.apply(event as never, tx);
        oneByOne = await snapshotAll(tx);
        await tx.query('ROLLBACK TO SAVEPOINT trial');
        for (const consumer of consumers) await applyInOrder(consumer, events(), tx);
        asRun = await snapshotAll(tx);
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    // The deletions changed something (the comparison below could fail): items, members, the theme, the users, the work rows.
    for (const table of ['feedback_items', 'cluster_members', 'clusters', 'users', 'user_feedback', 'erasure_jobs', 'pending_feedback_deletions']) {
      expect(oneByOne[table], table).to.not.deep.equal(before[table]);
    }
    for (const table of Object.keys(before)) expect(asRun[table], table).to.deep.equal(oneByOne[table]);
  });
});
