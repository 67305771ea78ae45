/**
 * The clustering vector grew from 768 to 1,024 values. A database written before that holds centres
 * that cannot be compared with the new vectors, so migration 0405 empties the clusters read model and
 * its checkpoint: the next catch-up rebuilds it from the log with the new vectors.
 */
import { expect } from 'chai';
import type { Database } from '../../../src/db/database.js';
import { runMigrations } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { clustersMigrations } from '../../../projections/clusters/migration.js';
import { checkpointMigrations } from '../../../src/projection-engine/checkpoints.js';
import { parkedEventMigrations } from '../../../src/projection-engine/parked-events.js';

const REBUILD = '0405_clusters_rebuild_for_aspect_taxonomy';
const migrationsBefore = [...checkpointMigrations, ...parkedEventMigrations, ...clustersMigrations.filter((m) => m.id < REBUILD)];

describe('clusters migration 0405: a read model of 768-value vectors is rebuilt from the log', () => {
  let db: Database;
  before(async () => {
    db = await openDatabase({ dataDir: 'memory://', holder: 'clusters rebuild migration test' });
  });
  after(() => db.close());

  it('given themes, members, a checkpoint and a parked event of the old vectors, when the migration runs, then all are gone and other consumers keep theirs', async () => {
    await runMigrations(db, migrationsBefore);
    const old = `[${new Array(768).fill(0.01).join(',')}]`;
    await db.query(`INSERT INTO clusters (cluster_id, project_id, model, centroid, created_at) VALUES ('c1', 'p', 'use-lite-512', $1, now())`, [old]);
    await db.query(`INSERT INTO cluster_members (feedback_id, project_id, cluster_id, text, embedding, created_at) VALUES ('f1', 'p', 'c1', 't', $1, now())`, [
      old,
    ]);
    await db.query(`INSERT INTO projection_checkpoints VALUES ('clusters', 10, 10), ('feedback-list', 10, 10)`);
    await db.query(
      `INSERT INTO parked_events (projection, event_id, stream, revision, event_type, commit_position, prepare_position, attempts, error)
       VALUES ('clusters', gen_random_uuid(), 's', 0, 'FeedbackProcessed', 5, 5, 3, 'e'), ('feedback-list', gen_random_uuid(), 's', 0, 'FeedbackProcessed', 5, 5, 3, 'e')`,
    );

    expect(await runMigrations(db, [...checkpointMigrations, ...parkedEventMigrations, ...clustersMigrations])).to.deep.equal([REBUILD]);

    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
    expect(await count(`SELECT count(*) AS n FROM clusters`)).to.equal(0);
    expect(await count(`SELECT count(*) AS n FROM cluster_members`)).to.equal(0);
    expect((await db.query(`SELECT name FROM projection_checkpoints`)).rows).to.deep.equal([{ name: 'feedback-list' }]);
    expect((await db.query(`SELECT projection FROM parked_events`)).rows).to.deep.equal([{ projection: 'feedback-list' }]);
  });
});
