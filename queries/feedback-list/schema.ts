import { Type, type Static } from '@sinclair/typebox';
import { FeedbackItemSchema } from '../shared/feedback-item.js';
import { FeedbackFilterFields } from '../shared/feedback-filters.js';
import { UserIdSchema } from '../../commands/identify-user/schema.js';

export const ListFeedbackQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    ...FeedbackFilterFields,
    userId: Type.Optional({ ...UserIdSchema, description: "The items of one end user, by userId or email alias (a merged shadow user's items included)." }),
    trait: Type.Optional(
      Type.Array(Type.String({ pattern: '^[^:]+:.*$', maxLength: 300 }), {
        maxItems: 20,
        description:
          "Repeatable `key:value` on the traits of the item's end user (spec 4.5 rule 7), with the semantics of `meta`: the same key repeated matches either value; different keys must all match. Items of no known user never match.",
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
