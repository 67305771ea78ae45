import { Type } from '@sinclair/typebox';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../src/analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../src/domain/feedback/events.js';

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T | any) => Type.Union([schema, Type.Null()]);

export const FeedbackItemSchema = Type.Object({
  id: Type.String(),
  text: Type.String({ description: 'Redacted text.' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('processed')], {
    description: '`processed` once the item is analysed and in a theme (analysis includes clustering): a processed item has a `clusterId`.',
  }),
  sentiment: nullable(literals(SENTIMENTS)),
  sentimentScore: nullable(Type.Number({ minimum: -1, maximum: 1, description: 'In [-1, 1]; the sign matches `sentiment`, 0 for neutral.' })),
  type: nullable(literals(FEEDBACK_TYPES)),
  confidence: nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'How sure the analyzer is of `sentiment` and `type`, in [0, 1]. Below 0.5 the answer is a weak guess (few or conflicting cues); ' +
        '0.6 marks an answer given by a rule for a construction that misleads the classifier (contrast, sarcasm, removal). ' +
        '`null` while pending and for items analysed before the field existed.',
    }),
  ),
  emotions: nullable(Type.Array(literals(EMOTIONS))),
  churnRisk: nullable(
    Type.Boolean({
      description:
        'Extension: the customer threatens to leave (cancel, switch to a competitor, not renew, refund and close the account, uninstall ' +
        'for good). Such an item is never `positive`. `false` for items analysed before the field existed, `null` while pending.',
    }),
  ),
  language: nullable(Type.String({ description: 'ISO 639-1, or `und` when undetermined.' })),
  clusterId: nullable(
    Type.String({ description: 'The theme; set on every processed item (null while pending, and while `feedbackctl reembed` re-clusters it).' }),
  ),
  userId: nullable(Type.String()),
  source: literals(FEEDBACK_SOURCES),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const FeedbackDetailSchema = Type.Composite([
  FeedbackItemSchema,
  Type.Object({
    receivedAt: Type.String({ format: 'date-time' }),
    processedAt: nullable(Type.String({ format: 'date-time', description: 'When processing completed: the item had its analysis and joined its theme.' })),
    analysis: nullable(
      Type.Object({
        analyzer: Type.String({ description: 'Which analyzer produced the result, e.g. `offline` or `llm:gpt-4o-mini`.' }),
        fallback: nullable(Type.Object({ from: Type.String(), reason: Type.String() })),
        topic: nullable(
          Type.String({
            maxLength: 60,
            description:
              'The product area the item is about, as the LLM analyzer named it: a short English phrase such as "CSV export", whatever ' +
              'the language of the item. Part of what groups items into themes. `null` with the offline analyzer, when the model named ' +
              'no area, and for items analysed before the field existed.',
          }),
        ),
      }),
    ),
  }),
]);

export interface FeedbackRow {
  feedback_id: string;
  text: string;
  status: 'pending' | 'processed';
  sentiment: string | null;
  sentiment_score: number | null;
  type: string | null;
  confidence: number | null;
  emotions: string[] | null;
  churn_risk: boolean;
  language: string | null;
  cluster_id: string | null;
  user_id: string | null;
  source: string;
  metadata: Record<string, unknown>;
  created_at: Date;
  received_at: Date;
  processed_at: Date | null;
  analyzer: string | null;
  fallback: { from: string; reason: string } | null;
  topic: string | null;
  list_seq: string;
}

export const FEEDBACK_COLUMNS = `feedback_id, text, status, sentiment, sentiment_score, type, emotions, language, cluster_id, user_id,
  source, metadata, created_at, received_at, processed_at, analyzer, fallback, list_seq::text AS list_seq, confidence, topic, churn_risk`;

export function toFeedbackItem(row: FeedbackRow) {
  // The analysis is recorded a moment before the item joins its theme; it shows once processing is complete.
  const done = row.status === 'processed';
  return {
    id: row.feedback_id,
    text: row.text,
    status: row.status,
    sentiment: done ? row.sentiment : null,
    sentimentScore: done ? row.sentiment_score : null,
    type: done ? row.type : null,
    confidence: done ? row.confidence : null,
    emotions: done ? row.emotions : null,
    churnRisk: done ? row.churn_risk : null,
    language: done ? row.language : null,
    clusterId: row.cluster_id,
    userId: row.user_id,
    source: row.source,
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
  };
}

export function toFeedbackDetail(row: FeedbackRow) {
  return {
    ...toFeedbackItem(row),
    receivedAt: row.received_at.toISOString(),
    processedAt: row.processed_at ? row.processed_at.toISOString() : null,
    analysis: row.analyzer ? { analyzer: row.analyzer, fallback: row.fallback, topic: row.topic } : null,
  };
}
