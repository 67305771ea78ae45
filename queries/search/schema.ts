import { Type, type Static } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';
import { FeedbackItemSchema } from '../shared/feedback-item.js';
import { FeedbackFilterFields, SearchOnlyFilterFields } from '../shared/feedback-filters.js';

/** What a result's `score` means: shown in the OpenAPI document and the README. */
export const SCORE_MEANING =
  'How close the item is in meaning to `q`: the cosine similarity of the two embeddings (1 − cosine distance), clamped to [0, 1]; results come best first. ' +
  'It is a ranking signal, not a probability: 1 is the same meaning, 0 unrelated (or opposite); the values a good match reaches depend on the embedding model, ' +
  'so compare scores within one `model` only (the response names it) and do not carry thresholds from one model to another. No threshold is applied: ' +
  'the `limit` nearest items are returned however weak. Filters only choose which items take part; they never change a score.';

export const SearchQuery = Type.Object(
  {
    q: Chars({ minLength: 1, maxLength: 500, description: 'What to look for, in any words (up to 500 characters): ranking is by meaning.' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
    ...FeedbackFilterFields,
    ...SearchOnlyFilterFields,
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      score: Type.Number({ minimum: 0, maximum: 1, description: SCORE_MEANING }),
      feedback: FeedbackItemSchema,
    }),
  ),
  model: Type.String({ description: 'The embedding model compared; items embedded by another model are not searched until re-embedded.' }),
});
