import { Type } from '@sinclair/typebox';
import { TraitsSchema, UserIdSchema } from '../../commands/identify-user/schema.js';
import { FeedbackItemSchema } from '../shared/feedback-item.js';

export const USER_FEEDBACK_LIMIT = 200;

export const UserIdParams = Type.Object({ userId: UserIdSchema });

const nullableDateTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const ValueMarkSchema = Type.Object({
  current: Type.Number({ description: 'The amount last sent by a secret key.' }),
  lastPositive: Type.Union([Type.Number(), Type.Null()], { description: 'The last amount above zero; null while there has been none.' }),
  lastPositiveAt: nullableDateTime('When that amount was recorded; null while there has been none.'),
  payingSince: nullableDateTime('When the user went from 0 to paying; null when already paying when first seen.'),
  lostAt: nullableDateTime('When the amount dropped from above zero to 0 (or below); null while paying.'),
});

export const UserSchema = Type.Object({
  userId: Type.String(),
  traits: TraitsSchema,
  valueMarks: Type.Record(Type.String(), ValueMarkSchema, {
    description: 'One entry per numeric trait a secret key has sent (and not removed with null), whether or not it is the customer value.',
  }),
  firstSeenAt: Type.String({ format: 'date-time', description: 'The earliest identify call or feedback `createdAt` of the user.' }),
  lastSeenAt: Type.String({ format: 'date-time', description: 'The latest identify call or feedback `createdAt` of the user.' }),
  feedbackCount: Type.Integer({ minimum: 0, description: 'Items of the user, deleted ones not counted.' }),
  feedback: Type.Array(FeedbackItemSchema, { maxItems: USER_FEEDBACK_LIMIT, description: 'The newest 200 items, redacted, newest first.' }),
  health: Type.Object(
    {
      score: Type.Integer({ minimum: 0, maximum: 100 }),
      atRisk: Type.Boolean({ description: 'Score below 40: entering this band sends `user.health_changed` (identified users, live items).' }),
    },
    {
      description:
        'Not in the spec: the health score as of now. 60, plus up to ±30 from the recency-weighted sentiment of the last 90 days of feedback ' +
        '(half-life 30 days), minus 25 when the customer value was lost (10 when it shrank), minus 5 per unresolved theme the user complained in (at most 3).',
    },
  ),
});
