/**
 * A theme's statistics are updated by addition when an item joins it last, and recomputed from every
 * member otherwise. Both must give the same row to the bit: a replay after an erasure recomputes what
 * live updates added. Checked on a real database against `refreshCluster`.
 */
import { expect } from 'chai';
import pgvector from 'pgvector';
import type { Database } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { clustersMigrations } from '../../../projections/clusters/migration.js';
import { checkpointMigrations } from '../../../src/projection-engine/checkpoints.js';
import { parkedEventMigrations } from '../../../src/projection-engine/parked-events.js';
import { moveMember, refreshCluster } from '../../../projections/clusters/membership.js';

const DIMENSIONS = 1024;
const SENTIMENTS = ['positive', 'neutral', 'negative', null] as const;

/** Deterministic vectors with values of many magnitudes, so float4 rounding shows if the order of additions differs. */
function vector(seed: number): number[] {
  let state = seed * 2654435761;
  return Array.from({ length: DIMENSIONS }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return ((state / 2 ** 31) * 2 - 1) * 10 ** ((state % 7) - 3);
  });
}

describe('clusters projection: a joining item updates its theme by addition, equal to a recompute', () => {
  let db: Database;

  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'cluster-membership test' });
    await runMigrations(db, [...checkpointMigrations, ...parkedEventMigrations, ...clustersMigrations]);
  });
  after(() => db.close());

  async function addMember(id: string, seed: number, sentiment: string | null, withEmbedding: boolean, createdAt: string): Promise<void> {
    await db.query(
      `INSERT INTO cluster_members (feedback_id, project_id, text, created_at, sentiment, model, embedding, churn_risk) VALUES ($1, 'p', 't', $2, $3, 'm', $4, $5)`,
      [id, createdAt, sentiment, withEmbedding ? pgvector.toSql(vector(seed)) : null, seed % 3 === 0],
    );
  }

  const statistics = async (clusterId: string) =>
    (
      await db.query(
        `SELECT size, positive, neutral, negative, churn_risk_count, first_seen_at, last_seen_at, centroid::text FROM clusters WHERE cluster_id = $1`,
        [clusterId],
      )
    ).rows[0];

  it('given items joining one after another (some without an embedding or sentiment), then each row equals the recomputed one', async () => {
    await db.query(`INSERT INTO clusters (cluster_id, project_id, model, created_at) VALUES ('c1', 'p', 'm', now())`);
    for (let i = 0; i < 40; i++) {
      const day = String(1 + ((i * 7) % 28)).padStart(2, '0'); // not in join order
      await addMember(`fb_${i}`, i + 1, SENTIMENTS[i % 4], i % 9 !== 4, `2026-11-${day}T10:00:00Z`);
      await moveMember(db, `fb_${i}`, 'c1', BigInt(1000 + i));
      const added = await statistics('c1');
      await refreshCluster(db, 'c1');
      expect(await statistics('c1'), `after item ${i}`).to.deep.equal(added);
    }
    expect(await statistics('c1')).to.include({ size: 40, churn_risk_count: 13 });
  });

  it('given an item that would not sort last (a member without a join position), then the theme is recomputed', async () => {
    await db.query(`INSERT INTO clusters (cluster_id, project_id, model, created_at) VALUES ('c2', 'p', 'm', now())`);
    await addMember('fb_a', 101, 'positive', true, '2026-11-01T10:00:00Z');
    await addMember('fb_b', 102, 'negative', true, '2026-11-02T10:00:00Z');
    await moveMember(db, 'fb_a', 'c2', 5000n);
    await db.query(`UPDATE cluster_members SET joined_seq = NULL WHERE feedback_id = 'fb_a'`); // as rows written before join positions
    await refreshCluster(db, 'c2');
    await moveMember(db, 'fb_b', 'c2', 6000n);
    const moved = await statistics('c2');
    await refreshCluster(db, 'c2');
    expect(await statistics('c2')).to.deep.equal(moved);
    expect(moved).to.include({ size: 2, positive: 1, negative: 1 });
  });

  it('given members whose positions have more digits than the joining one, then the order is numeric, not textual', async () => {
    await db.query(`INSERT INTO clusters (cluster_id, project_id, model, created_at) VALUES ('c3', 'p', 'm', now())`);
    await addMember('fb_x', 201, 'neutral', true, '2026-11-03T10:00:00Z');
    await addMember('fb_y', 202, 'neutral', true, '2026-11-04T10:00:00Z');
    await addMember('fb_z', 203, 'neutral', true, '2026-11-05T10:00:00Z');
    await moveMember(db, 'fb_x', 'c3', 999n);
    await moveMember(db, 'fb_y', 'c3', 1005n);
    await moveMember(db, 'fb_z', 'c3', 1000n); // joins between them: "999" sorts after "1005" as text
    const joined = await statistics('c3');
    await refreshCluster(db, 'c3');
    expect(await statistics('c3')).to.deep.equal(joined);
  });

  it('given an item moving to another theme, then the theme it leaves is recomputed without it', async () => {
    await moveMember(db, 'fb_0', 'c2', 7000n);
    expect((await statistics('c1')).size).to.equal(39);
    const left = await statistics('c1');
    await refreshCluster(db, 'c1');
    expect(await statistics('c1')).to.deep.equal(left);
  });
});
