import pgvector from 'pgvector';
import type { Queryable } from '../../db/database.js';
import type { Embedding } from '../../domain/feedback/analysis-values.js';
import type { VerdictCounts } from '../../domain/question/events.js';
import { matchScoreFor, VERDICT_WINDOW_DAYS } from '../../domain/question/verdict.js';

export interface MatchingItems {
  counts: VerdictCounts;
  /** The best-matching items, best first: the evidence shown by `GET /api/v1/questions/{id}`. */
  best: { feedbackId: string; score: number; sentiment: string }[];
}

const EVIDENCE_ITEMS = 5;

/**
 * The project's processed items created within the verdict window whose vector (from the question's
 * model) scores at least the model's match threshold against the question's. An exact scan: a
 * project's items within 30 days, not worth the approximate index.
 */
export async function matchingItems(db: Queryable, projectId: string, question: Embedding, now: Date): Promise<MatchingItems> {
  const since = new Date(now.getTime() - VERDICT_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await db.query<{ feedback_id: string; score: number; sentiment: string }>(
    `SELECT feedback_id, score, sentiment FROM (
       SELECT e.feedback_id, CASE WHEN e.dimensions = $4 THEN 1 - (e.embedding <=> $2::vector) END AS score, f.sentiment
         FROM feedback_embeddings e JOIN feedback_items f USING (feedback_id)
        WHERE e.project_id = $1 AND e.model = $3 AND e.dimensions = $4 AND f.created_at >= $5 AND f.sentiment IS NOT NULL) scored
      WHERE score >= $6
      ORDER BY score DESC, feedback_id`,
    [projectId, pgvector.toSql(question.vector), question.model, question.dimensions, since, matchScoreFor(question.model)],
  );
  const counts: VerdictCounts = { matching: rows.rows.length, positive: 0, neutral: 0, negative: 0 };
  for (const row of rows.rows) if (row.sentiment === 'positive' || row.sentiment === 'neutral' || row.sentiment === 'negative') counts[row.sentiment]++;
  const best = rows.rows.slice(0, EVIDENCE_ITEMS).map((row) => ({ feedbackId: row.feedback_id, score: Number(row.score), sentiment: row.sentiment }));
  return { counts, best };
}
