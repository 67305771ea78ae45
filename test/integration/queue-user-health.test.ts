import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { openDatabase } from '../../src/db/open-database.js';
import type { RecordedEvent } from '../../src/eventstore/event-store.js';
import { applyInOrder } from '../../src/projection-engine/projection.js';
import { queueUserHealth } from '../../src/reactors/queue-user-health/reactor.js';
import { allMigrations } from '../../src/runtime.js';
import { snapshotTable } from '../support/table-snapshot.js';

const PROJECT = 'prj_health';
const AT = '2026-11-27T10:00:00.000Z';
let position = 0n;

const event = (type: string, data: Record<string, unknown>): RecordedEvent => {
  position += 1n;
  return {
    id: randomUUID(),
    stream: `s-${position}`,
    type,
    data,
    metadata: {},
    revision: 0,
    position: { commit: position, prepare: position },
    recordedAt: new Date(AT),
  };
};
const submitted = (feedbackId: string, owner: { userId?: string; email?: string }) =>
  event('FeedbackSubmitted', {
    feedbackId,
    projectId: PROJECT,
    text: 'x',
    userId: owner.userId ?? null,
    email: owner.email ?? null,
    source: 'api',
    metadata: {},
    createdAt: AT,
    receivedAt: AT,
    redactions: {},
  });
const clustered = (feedbackId: string, clusterId: string) =>
  event('FeedbackClustered', { feedbackId, projectId: PROJECT, clusterId, similarity: 0.9, clusteredAt: AT });
const themeEvent = (type: string, clusterId: string, extra: Record<string, unknown> = {}) => event(type, { clusterId, projectId: PROJECT, at: AT, ...extra });

/**
 * The `queue-user-health` reactor on its own tables: a theme's status events mark exactly that
 * theme's users due, in one statement; a burst of placements applied at once equals them one by one.
 */
describe('queue-user-health: users whose themes change are scored again', function () {
  this.timeout(60_000);
  const databases: Database[] = [];
  const fresh = async () => {
    const db = await openDatabase({ dataDir: 'memory://', holder: 'queue-user-health test' });
    await runMigrations(db, allMigrations([queueUserHealth]));
    databases.push(db);
    return db;
  };
  const due = async (db: Database) =>
    (
      await db.query<{ user_id: string; mark: string; triggered_by_feedback_id: string | null }>(
        `SELECT user_id, mark::text, triggered_by_feedback_id FROM user_health_due ORDER BY user_id`,
      )
    ).rows;
  after(async () => {
    for (const db of databases) await db.close();
  });

  const submissions = [
    submitted('a1', { userId: 'ana' }),
    submitted('a2', { userId: 'ana' }),
    submitted('b1', { userId: 'bob' }),
    submitted('c1', { email: 'carl@example.com' }),
    submitted('n1', {}),
  ];
  const placements = [
    clustered('a1', 'cl_login'),
    clustered('b1', 'cl_login'),
    clustered('a2', 'cl_export'),
    clustered('c1', 'cl_sync'),
    clustered('n1', 'cl_sync'),
  ];

  it('given a burst of placements, when applied as a run, then the themes and due users equal those applied one by one; the last item of a user is the trigger', async () => {
    const byRun = await fresh();
    const oneByOne = await fresh();
    await byRun.transaction((tx) => applyInOrder(queueUserHealth, [...submissions, ...placements], tx));
    await oneByOne.transaction(async (tx) => {
      for (const e of [...submissions, ...placements]) await queueUserHealth.apply(e as never, tx);
    });
    for (const table of ['health_feedback_users', 'user_health_due'])
      expect(await snapshotTable(byRun, table), table).to.deep.equal(await snapshotTable(oneByOne, table));
    expect(await due(byRun)).to.deep.equal([
      { user_id: 'ana', mark: '2', triggered_by_feedback_id: 'a2' },
      { user_id: 'bob', mark: '1', triggered_by_feedback_id: 'b1' },
      { user_id: 'carl@example.com', mark: '1', triggered_by_feedback_id: 'c1' },
    ]);
  });

  it('given users in themes, when a theme is resolved, regresses or is merged, then its users (and only they) are due, without a trigger item', async () => {
    const db = await fresh();
    await db.transaction((tx) => applyInOrder(queueUserHealth, [...submissions, ...placements], tx));
    await db.query(`DELETE FROM user_health_due`);

    await db.transaction((tx) => applyInOrder(queueUserHealth, [themeEvent('ClusterResolved', 'cl_login')], tx));
    expect(await due(db)).to.deep.equal([
      { user_id: 'ana', mark: '1', triggered_by_feedback_id: null },
      { user_id: 'bob', mark: '1', triggered_by_feedback_id: null },
    ]);

    await db.query(`DELETE FROM user_health_due`);
    await db.transaction((tx) => applyInOrder(queueUserHealth, [themeEvent('ClusterRegressed', 'cl_sync', { triggeredByFeedbackId: 'x9' })], tx));
    expect((await due(db)).map((row) => row.user_id)).to.deep.equal(['carl@example.com']);

    await db.query(`DELETE FROM user_health_due`);
    await db.transaction((tx) => applyInOrder(queueUserHealth, [themeEvent('ClusterMerged', 'cl_export', { into: 'cl_sync' })], tx));
    expect((await due(db)).map((row) => row.user_id)).to.deep.equal(['ana', 'carl@example.com']);
    const moved = await db.query<{ cluster_id: string }>(`SELECT cluster_id FROM health_feedback_users WHERE feedback_id = 'a2'`);
    expect(moved.rows[0].cluster_id).to.equal('cl_sync');
  });

  it('given a user at risk, when they are erased, then nothing of theirs is left in the health tables', async () => {
    const db = await fresh();
    await db.transaction((tx) => applyInOrder(queueUserHealth, [...submissions, ...placements], tx));
    await db.query(`INSERT INTO health_at_risk (project_id, user_id) VALUES ($1, 'ana'), ($1, 'bob')`, [PROJECT]);
    await db.transaction((tx) => applyInOrder(queueUserHealth, [event('UserErased', { projectId: PROJECT, userId: 'ana', requestId: 'req_1', at: AT })], tx));
    for (const table of ['health_feedback_users', 'user_health_due', 'health_at_risk']) {
      const left = await db.query(`SELECT 1 FROM ${table} WHERE user_id = 'ana'`);
      expect(left.rowCount, table).to.equal(0);
    }
    expect((await db.query(`SELECT user_id FROM health_at_risk`)).rows).to.deep.equal([{ user_id: 'bob' }]);
  });
});
