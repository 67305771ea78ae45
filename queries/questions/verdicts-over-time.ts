import pgvector from 'pgvector';
import type { Queryable } from '../../src/db/database.js';
import type { QuestionVerdict, VerdictCounts } from '../../src/domain/question/events.js';
import { matchScoreFor, VERDICT_WINDOW_DAYS, verdictOf } from '../../src/domain/question/verdict.js';
import { bucketStarts, type Bucket, type Period } from '../trends/period.js';
import type { QuestionRow } from './question-record.js';

const DAY_MS = 86_400_000;

export interface VerdictAt {
  /** Start of the bucket (UTC day or ISO week). */
  start: Date;
  /** The verdict as it stood at the end of the bucket (or now, for the bucket still running). */
  verdict: QuestionVerdict;
  counts: VerdictCounts;
}

/**
 * The verdict a question would have had at the end of each bucket of the period: the same rule, match
 * threshold and 30-day window as the evaluation worker, applied to the items that exist now (an item
 * deleted since no longer counts). Null while the question has no vector yet.
 */
export async function verdictsOverTime(
  db: Queryable,
  projectId: string,
  question: Pick<QuestionRow, 'embedding_model' | 'embedding'>,
  period: Period,
  bucket: Bucket,
  now: Date,
): Promise<VerdictAt[] | null> {
  if (!question.embedding_model || !question.embedding) return null;
  const vector = pgvector.fromSql(question.embedding) as number[];
  const since = new Date(period.from.getTime() - VERDICT_WINDOW_DAYS * DAY_MS);
  const rows = await db.query<{ created_at: Date; sentiment: string }>(
    `SELECT created_at, sentiment FROM (
       SELECT f.created_at, f.sentiment, CASE WHEN e.dimensions = $4 THEN 1 - (e.embedding <=> $2::vector) END AS score
         FROM feedback_embeddings e JOIN feedback_items f USING (feedback_id)
        WHERE e.project_id = $1 AND e.model = $3 AND e.dimensions = $4 AND f.sentiment IS NOT NULL
          AND f.created_at >= $5 AND f.created_at < $6) scored
      WHERE score >= $7`,
    [
      projectId,
      pgvector.toSql(vector),
      question.embedding_model,
      vector.length,
      since.toISOString(),
      period.to.toISOString(),
      matchScoreFor(question.embedding_model),
    ],
  );
  const items = rows.rows.map((row) => ({ at: new Date(row.created_at).getTime(), sentiment: row.sentiment }));
  const step = bucket === 'day' ? DAY_MS : 7 * DAY_MS;
  return bucketStarts(period, bucket).map((start) => {
    const end = Math.min(start.getTime() + step, period.to.getTime(), now.getTime());
    const counts: VerdictCounts = { matching: 0, positive: 0, neutral: 0, negative: 0 };
    for (const item of items) {
      if (item.at < end - VERDICT_WINDOW_DAYS * DAY_MS || item.at >= end) continue;
      counts.matching++;
      if (item.sentiment === 'positive' || item.sentiment === 'neutral' || item.sentiment === 'negative') counts[item.sentiment]++;
    }
    return { start, verdict: verdictOf(counts), counts };
  });
}
