import { expect } from 'chai';
import pgvector from 'pgvector';
import type { Database } from '../../src/db/database.js';
import { searchFeedback } from '../../queries/search/query.js';
import {
  ClusteredVectors,
  DIMENSIONS,
  HNSW_INDEX,
  MODEL,
  cosineDistance,
  explainSearch,
  feedbackId,
  insertProjectRows,
  openSearchDatabase,
  searchSql,
} from '../bench/search.js';

// One shared HNSW index serves every project: a small project's rows are a sparse minority of the
// graph, so a plain index scan (ef_search candidates, then the project filter) would return almost
// nothing for it. searchFeedback relies on pgvector's iterative scan to keep reading the index.
const ROWS_A = 5_000;
const ROWS_B = 50; // 1 % of A
const A = 'project-a';
const B = 'project-b';

/** The SET LOCALs searchFeedback applies for a 512-dim query with this limit. */
function searchSettings(limit: number, iterativeScan = 'relaxed_order'): string[] {
  return [`hnsw.iterative_scan = ${iterativeScan}`, `hnsw.ef_search = ${Math.max(40, limit * 2)}`];
}

function scanNode(plan: string): string {
  const line = plan.split('\n').find((l) => /Scan (using|on) /.test(l) && /feedback_embeddings/.test(l)) ?? plan;
  return line.replace(/^\s*(->\s*)?/, '').replace(/\s+\(cost=.*\)$/, '');
}

describe('search: per-project filtering does not starve the shared HNSW index (5,000 rows in A, 50 in B)', function () {
  this.timeout(180_000);
  const generator = new ClusteredVectors({ seed: 7, clusters: 50 });
  const vectorsB = new Map<string, number[]>();
  let db: Database;
  /** Session settings used to make the planner take the HNSW path (empty when it does so on its own). */
  const forced: string[] = [];
  const plans = new Map<string, { natural: string; used: string }>();

  // Queries near B's own members and queries inside A's dense regions (where B's nearest rows are
  // far down the index order: the case a non-iterative scan starves on).
  const queries = [
    ...Array.from({ length: 10 }, (_, q) => ({ name: `near B#${q * 5}`, vector: generator.perturbed(1, q * 5, 0.3, q) })),
    ...Array.from({ length: 10 }, (_, q) => ({ name: `near A#${q * 499}`, vector: generator.perturbed(0, q * 499, 0.3, q) })),
  ];

  function exactRankingB(query: number[]): string[] {
    return [...vectorsB.entries()]
      .map(([id, v]) => ({ id, distance: cosineDistance(query, v) }))
      .sort((x, y) => x.distance - y.distance || x.id.localeCompare(y.id))
      .map((r) => r.id);
  }

  /** Scans of the HNSW index so far (cumulative statistics, flushed on demand). */
  async function hnswScans(): Promise<number> {
    await db.query(`SELECT pg_stat_force_next_flush()`);
    await db.query(`SELECT 1`); // the flush happens at the end of the next transaction
    const { rows } = await db.query<{ idx_scan: string }>(`SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = $1`, [HNSW_INDEX]);
    return Number(rows[0].idx_scan);
  }

  before(async () => {
    db = await openSearchDatabase();
    await db.query(`SET stats_fetch_consistency = none`);
    // Loaded with the HNSW index in place, as the feedback-vectors projection fills it.
    await insertProjectRows(db, generator, { projectId: A, project: 0, count: ROWS_A });
    await insertProjectRows(db, generator, { projectId: B, project: 1, count: ROWS_B, seqOffset: ROWS_A });
    for (let i = 0; i < ROWS_B; i++) vectorsB.set(feedbackId(B, i), generator.vector(1, i));
    await db.query(`ANALYZE feedback_embeddings`);
    await db.query(`ANALYZE feedback_items`);

    // searchFeedback's transaction cannot take extra SET LOCALs, so its plan is checked with an
    // EXPLAIN of the same SQL under the same settings. PGlite is a single session, so a session-level
    // SET made here also applies inside searchFeedback's transaction.
    for (const projectId of [A, B]) {
      const natural = await explainSearch(db, projectId, queries[0].vector, 20, searchSettings(20));
      let used = natural;
      if (!natural.includes(HNSW_INDEX)) {
        console.log(
          `      note: at ${ROWS_A + ROWS_B} rows the planner does not use ${HNSW_INDEX} for ${projectId}; it chose:\n` +
            `        ${scanNode(natural)}\n` +
            `      (an exact scan of ${projectId}'s rows, cheaper at this size). Forcing the HNSW path with a session-level ` +
            `SET enable_sort = off for the searches below.`,
        );
        if (!forced.includes('enable_sort')) {
          await db.query(`SET enable_sort = off`);
          forced.push('enable_sort');
        }
        used = await explainSearch(db, projectId, queries[0].vector, 20, searchSettings(20));
      }
      plans.set(projectId, { natural, used });
    }
  });

  after(async () => {
    for (const setting of forced) await db?.query(`RESET ${setting}`);
    await db?.close();
  });

  it('plans the search query as a scan of the HNSW index (forced for B when the planner prefers an exact scan)', () => {
    for (const [projectId, plan] of plans) {
      console.log(`      ${projectId}: ${scanNode(plan.used)}${plan.used === plan.natural ? '' : ' (forced)'}`);
      expect(plan.used, `${projectId} plan`).to.include(`Index Scan using ${HNSW_INDEX}`);
    }
    expect(plans.get(A)!.natural, 'the large project is searched through HNSW without forcing').to.include(HNSW_INDEX);
  });

  for (const limit of [20, 50]) {
    it(`returns exactly min(${limit}, ${ROWS_B}) results for B, all of B, best first, with recall@10 ≥ 0.9`, async () => {
      const expected = Math.min(limit, ROWS_B);
      const recalls: number[] = [];
      const scansBefore = await hnswScans();
      for (const query of queries) {
        const results = await searchFeedback(db, B, { model: MODEL, dimensions: DIMENSIONS, vector: query.vector }, limit);
        expect(results, `${query.name}: result count`).to.have.length(expected);

        const ids = results.map((r) => r.feedback.id);
        expect(new Set(ids).size, `${query.name}: distinct`).to.equal(expected);
        const { rows } = await db.query<{ project_id: string; n: string }>(
          `SELECT project_id, count(*)::text AS n FROM feedback_items WHERE feedback_id = ANY($1) GROUP BY project_id`,
          [ids],
        );
        expect(rows, `${query.name}: projects`).to.deep.equal([{ project_id: B, n: String(expected) }]);

        const scores = results.map((r) => r.score);
        for (let i = 1; i < scores.length; i++) expect(scores[i], `${query.name}: score ${i}`).to.be.at.most(scores[i - 1]);

        const exact = new Set(exactRankingB(query.vector).slice(0, 10));
        recalls.push(ids.slice(0, 10).filter((id) => exact.has(id)).length / 10);
      }
      // searchFeedback itself went through the HNSW index, once per query.
      const scans = (await hnswScans()) - scansBefore;
      const mean = recalls.reduce((s, r) => s + r, 0) / recalls.length;
      console.log(
        `      limit ${limit}: ${queries.length} queries, ${expected} rows each, ${scans} HNSW index scans; ` +
          `recall@10 vs brute force mean ${mean.toFixed(3)}, min ${Math.min(...recalls).toFixed(1)}`,
      );
      expect(scans).to.be.at.least(queries.length);
      expect(mean).to.be.at.least(0.9);
      expect(Math.min(...recalls)).to.be.at.least(0.7);
    });
  }

  it('without the iterative scan the same index scan starves B (rows printed for comparison)', async () => {
    for (const limit of [20, 50]) {
      const counts: number[] = [];
      for (const query of queries) {
        const count = await db.transaction(async (tx) => {
          for (const setting of searchSettings(limit, 'off')) await tx.query(`SET LOCAL ${setting}`);
          const { rows } = await tx.query(searchSql(`embedding::vector(${DIMENSIONS})`, DIMENSIONS), [B, pgvector.toSql(query.vector), MODEL, limit]);
          return rows.length;
        });
        counts.push(count);
      }
      const plan = await explainSearch(db, B, queries[0].vector, limit, searchSettings(limit, 'off'));
      console.log(
        `      hnsw.iterative_scan = off, ef_search ${Math.max(40, limit * 2)}, limit ${limit}: rows per query [${counts.join(', ')}] ` +
          `(total ${counts.reduce((s, c) => s + c, 0)} of ${queries.length * Math.min(limit, ROWS_B)} expected; with relaxed_order: all)`,
      );
      // Only the plan is asserted: the counts depend on the graph pgvector builds.
      expect(plan).to.include(`Index Scan using ${HNSW_INDEX}`);
    }
  });

  it('a filter (1 % of A) still gets its full limit of matching items, nearest first (search filters)', async () => {
    await db.query(`UPDATE feedback_items SET source = 'widget' WHERE project_id = $1 AND list_seq % 100 = 0`, [A]);
    try {
      const recalls: number[] = [];
      for (const query of queries) {
        const results = await searchFeedback(db, A, { model: MODEL, dimensions: DIMENSIONS, vector: query.vector }, 20, { source: 'widget' });
        expect(results, query.name).to.have.length(20);
        expect(new Set(results.map((r) => r.feedback.source)), query.name).to.deep.equal(new Set(['widget']));
        const exact = await db.query<{ feedback_id: string }>(
          `SELECT e.feedback_id FROM feedback_embeddings e JOIN feedback_items f USING (feedback_id)
            WHERE f.project_id = $1 AND f.source = 'widget' ORDER BY e.embedding <=> $2::vector, e.feedback_id LIMIT 10`,
          [A, pgvector.toSql(query.vector)],
        );
        const top = new Set(exact.rows.map((row) => row.feedback_id));
        recalls.push(results.slice(0, 10).filter((r) => top.has(r.feedback.id)).length / 10);
      }
      const mean = recalls.reduce((sum, r) => sum + r, 0) / recalls.length;
      console.log(`      source filter on 50 of A's 5,000 rows: ${queries.length} queries, 20 rows each, recall@10 vs exact mean ${mean.toFixed(3)}`);
      expect(mean).to.be.at.least(0.9);
    } finally {
      await db.query(`UPDATE feedback_items SET source = 'api' WHERE project_id = $1`, [A]);
    }
  });
});
