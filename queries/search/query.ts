import pgvector from 'pgvector';
import type { Database } from '../../src/db/database.js';
import type { Embedding } from '../../src/analysis/analyzer.js';
import { INDEXED_DIMENSIONS } from '../../projections/feedback-vectors/migration.js';
import { feedbackFilterConditions, type FeedbackFilters } from '../shared/feedback-filters.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';

/**
 * Nearest items of one project by cosine distance. The HNSW index is shared by all projects, so
 * pgvector's iterative scan keeps reading the index until enough rows pass the project filter
 * (a small project among large ones would otherwise get too few results); `relaxed_order` can
 * return neighbours slightly out of order, so the outer query sorts them again.
 */
export async function searchFeedback(db: Database, projectId: string, query: Embedding, limit: number, filters: FeedbackFilters = {}) {
  const dims = query.dimensions;
  if (!Number.isInteger(dims) || dims <= 0) throw new Error('invalid embedding dimension');
  const indexed = INDEXED_DIMENSIONS.includes(dims);
  const vector = indexed ? `embedding::vector(${dims})` : 'embedding';
  return db.transaction(async (tx) => {
    if (indexed) {
      await tx.query(`SET LOCAL hnsw.iterative_scan = relaxed_order`);
      await tx.query(`SET LOCAL hnsw.ef_search = ${Math.max(64, limit * 2)}`);
    }
    const params: unknown[] = [projectId, pgvector.toSql(query.vector), query.model, limit];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    // Filters narrow the candidates inside the index scan (the iterative scan reads on until `limit` pass them).
    const filtered = feedbackFilterConditions(filters, param, 'f.');
    const filter =
      filtered.length === 0 ? '' : `AND e.feedback_id IN (SELECT f.feedback_id FROM feedback_items f WHERE f.project_id = $1 AND ${filtered.join(' AND ')})`;
    const rows = await tx.query<FeedbackRow & { distance: number }>(
      `WITH nearest AS (
         SELECT e.feedback_id, ${vector} <=> $2::vector(${dims}) AS distance
           FROM feedback_embeddings e
          WHERE e.project_id = $1 AND e.model = $3 AND e.dimensions = ${dims} ${filter}
          ORDER BY ${vector} <=> $2::vector(${dims})
          LIMIT $4)
       SELECT ${FEEDBACK_COLUMNS}, nearest.distance
         FROM nearest JOIN feedback_items f USING (feedback_id)
        ORDER BY nearest.distance, f.feedback_id`,
      params,
    );
    return rows.rows.map((row) => ({
      score: Math.min(1, Math.max(0, 1 - Number(row.distance))),
      feedback: toFeedbackItem(row),
    }));
  });
}
