import { Type, type Static } from '@sinclair/typebox';
import { SENTIMENTS } from '../../src/analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../src/domain/feedback/events.js';
import { FeedbackItemSchema } from '../shared/feedback-item.js';

export const ListFeedbackQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cluster: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Cluster id.' })),
    sentiment: Type.Optional(Type.Union(SENTIMENTS.map((s) => Type.Literal(s)))),
    source: Type.Optional(Type.Union(FEEDBACK_SOURCES.map((s) => Type.Literal(s)))),
    meta: Type.Optional(
      Type.Array(Type.String({ pattern: '^[^:]+:.*$', maxLength: 300 }), {
        maxItems: 20,
        description:
          'Repeatable `key:value` on top-level metadata properties. The same key repeated matches either value; different keys must all match. `5` also matches the number 5 and `true` the boolean.',
      }),
    ),
    before: Type.Optional(Type.String({ format: 'date-time', description: 'Cursor: the `nextBefore` of the previous page, or any date-time.' })),
  },
  { additionalProperties: false },
);
export type ListFeedbackQuery = Static<typeof ListFeedbackQuery>;

export const ListFeedbackResponse = Type.Object({
  items: Type.Array(FeedbackItemSchema),
  nextBefore: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      "Pass as `before` for the next page; null when there is no further page. The last item's `createdAt` to the millisecond, or with 20 extra fraction digits (pass verbatim) when more than `limit` items share that millisecond.",
  }),
});
