import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../src/db/database.js';
import { DECISIVE_SHARE, MIN_OPINIONS, VERDICT_WINDOW_DAYS } from '../../src/domain/question/verdict.js';

const Counts = Type.Object(
  {
    matching: Type.Integer({ description: 'Items of the window that match the question by meaning.' }),
    positive: Type.Integer(),
    neutral: Type.Integer(),
    negative: Type.Integer(),
  },
  { description: 'Matching items by sentiment.' },
);

export const QuestionVerdictSchema = Type.Union([Type.Literal('positive'), Type.Literal('negative'), Type.Literal('mixed'), Type.Literal('insufficient')], {
  description:
    `From the sentiment of the items created in the last ${VERDICT_WINDOW_DAYS} days that match the question: ` +
    `\`insufficient\` below ${MIN_OPINIONS} opinions (positive + negative items), otherwise \`positive\` or \`negative\` ` +
    `when that side has at least ${DECISIVE_SHARE * 100} % of the opinions, else \`mixed\`.`,
});

export const QuestionSchema = Type.Object({
  id: Type.String(),
  text: Type.String({ description: 'The question, redacted.' }),
  about: Type.String({
    description: 'The subject feedback is matched against by meaning: given with `--about`, or the question without its framing words.',
  }),
  trackedAt: Type.String({ format: 'date-time' }),
  verdict: QuestionVerdictSchema,
  verdictChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the verdict last changed (the time of the last `question.verdict_changed`); null while it never has.',
  }),
  counts: Type.Union([Counts, Type.Null()], { description: 'The counts the last verdict change was decided on; null before the first.' }),
});

export const QuestionEvidenceSchema = Type.Object({
  counts: Counts,
  items: Type.Array(
    Type.Object({
      feedbackId: Type.String(),
      score: Type.Number({ description: 'Search score against the question: 1 − cosine distance, 0–1.' }),
      sentiment: Type.String(),
    }),
    { description: 'The best-matching items, best first (at most 5).' },
  ),
});

export const QuestionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'A tracked question’s id (`qst_…`).' }) });

export interface QuestionRow {
  question_id: string;
  text: string;
  about: string;
  tracked_at: Date;
  verdict: 'positive' | 'negative' | 'mixed' | 'insufficient';
  verdict_changed_at: Date | null;
  verdict_counts: { matching: number; positive: number; neutral: number; negative: number } | null;
  embedding_model: string | null;
  embedding: string | null;
}

const COLUMNS = 'question_id, text, about, tracked_at, verdict, verdict_changed_at, verdict_counts, embedding_model, embedding::text';

export async function findQuestions(db: Queryable, projectId: string): Promise<QuestionRow[]> {
  const rows = await db.query<QuestionRow>(`SELECT ${COLUMNS} FROM tracked_questions WHERE project_id = $1 ORDER BY tracked_at, question_id`, [projectId]);
  return rows.rows;
}

export async function findQuestion(db: Queryable, projectId: string, questionId: string): Promise<QuestionRow | undefined> {
  const rows = await db.query<QuestionRow>(`SELECT ${COLUMNS} FROM tracked_questions WHERE project_id = $1 AND question_id = $2`, [projectId, questionId]);
  return rows.rows[0];
}

export function toQuestion(row: QuestionRow) {
  return {
    id: row.question_id,
    text: row.text,
    about: row.about,
    trackedAt: new Date(row.tracked_at).toISOString(),
    verdict: row.verdict,
    verdictChangedAt: row.verdict_changed_at ? new Date(row.verdict_changed_at).toISOString() : null,
    counts: row.verdict_counts,
  };
}
