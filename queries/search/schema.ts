import { Type, type Static } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';
import { FeedbackItemSchema } from '../shared/feedback-item.js';

export const SearchQuery = Type.Object(
  {
    q: Chars({ minLength: 1, maxLength: 500, description: 'What to look for, in any words (up to 500 characters): ranking is by meaning.' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      score: Type.Number({ minimum: 0, maximum: 1, description: 'Cosine similarity of the embeddings, clamped to [0, 1]; best first.' }),
      feedback: FeedbackItemSchema,
    }),
  ),
  model: Type.String({ description: 'The embedding model compared; items embedded by another model are not searched until re-embedded.' }),
});
