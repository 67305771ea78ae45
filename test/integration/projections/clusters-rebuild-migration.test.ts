/**
 * Two migrations change the clustering vector, and a database written before either holds centres that
 * cannot be compared with the new vectors: 0405 (768 → 1,024 values, the aspect taxonomy) and 0406 (every
 * model but the offline one gains the lexical, aspect and LLM topic blocks). Each empties the clusters read
 * model and its checkpoint: the next catch-up rebuilds it from the log with the new vectors.
 */
import { expect } from 'chai';
import type { Database } from '../../../src/db/database.js';
import { runMigrations, type Migration } from '../../../src/db/migrations.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { clustersMigrations } from '../../../projections/clusters/migration.js';
import { checkpointMigrations } from '../../../src/projection-engine/checkpoints.js';
import { parkedEventMigrations } from '../../../src/projection-engine/parked-events.js';

const REBUILDS = [
  { id: '0405_clusters_rebuild_for_aspect_taxonomy', model: 'use-lite-512', dimensions: 768 },
  { id: '0406_cluster_members_topic', model: 'text-embedding-3-small', dimensions: 1536 },
];
const withEngine = (migrations: Migration[]) => [...checkpointMigrations, ...parkedEventMigrations, ...migrations];

for (const rebuild of REBUILDS) {
  describe(`clusters migration ${rebuild.id}: a read model of the old vectors is rebuilt from the log`, () => {
    let db: Database;
    before(async () => {
      db = await openDatabase({ dataDir: 'memory://', holder: 'clusters rebuild migration test' });
    });
    after(() => db.close());

    it('given themes, members, a checkpoint and a parked event of the old vectors, when the migration runs, then all are gone and other consumers keep theirs', async () => {
      await runMigrations(db, withEngine(clustersMigrations.filter((m) => m.id < rebuild.id)));
      const old = `[${new Array(rebuild.dimensions).fill(0.01).join(',')}]`;
      await db.query(`INSERT INTO clusters (cluster_id, project_id, model, centroid, created_at) VALUES ('c1', 'p', $2, $1, now())`, [old, rebuild.model]);
      await db.query(
        `INSERT INTO cluster_members (feedback_id, project_id, cluster_id, text, model, embedding, created_at) VALUES ('f1', 'p', 'c1', 't', $2, $1, now())`,
        [old, rebuild.model],
      );
      await db.query(`INSERT INTO projection_checkpoints VALUES ('clusters', 10, 10), ('feedback-list', 10, 10)`);
      await db.query(
        `INSERT INTO parked_events (projection, event_id, stream, revision, event_type, commit_position, prepare_position, attempts, error)
         VALUES ('clusters', gen_random_uuid(), 's', 0, 'FeedbackProcessed', 5, 5, 3, 'e'), ('feedback-list', gen_random_uuid(), 's', 0, 'FeedbackProcessed', 5, 5, 3, 'e')`,
      );

      const applied = await runMigrations(db, withEngine(clustersMigrations));
      expect(applied).to.deep.equal(clustersMigrations.filter((m) => m.id >= rebuild.id).map((m) => m.id));

      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
      expect(await count(`SELECT count(*) AS n FROM clusters`)).to.equal(0);
      expect(await count(`SELECT count(*) AS n FROM cluster_members`)).to.equal(0);
      expect(await count(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'cluster_members' AND column_name = 'topic'`)).to.equal(1);
      expect((await db.query(`SELECT name FROM projection_checkpoints`)).rows).to.deep.equal([{ name: 'feedback-list' }]);
      expect((await db.query(`SELECT projection FROM parked_events`)).rows).to.deep.equal([{ projection: 'feedback-list' }]);
    });
  });
}
