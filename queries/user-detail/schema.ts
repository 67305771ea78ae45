import { Type } from '@sinclair/typebox';
import { TraitsSchema, UserIdSchema } from '../../commands/identify-user/schema.js';
import { FeedbackItemSchema } from '../shared/feedback-item.js';
import type { HealthFactor } from '../../src/domain/user/health.js';

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

const HEALTH_FACTORS = [
  'churn_threat',
  'open_problems',
  'resolved_problems',
  'repeated_problems',
  'problems_fixed',
  'negative_feedback',
  'positive_feedback',
  'requests_and_questions',
  'value_lost',
  'value_shrunk',
  'value_grew',
  'kept_out_of_at_risk',
] as const satisfies readonly HealthFactor[];

export const HealthReasonSchema = Type.Object({
  factor: Type.Union(
    HEALTH_FACTORS.map((factor) => Type.Literal(factor)),
    {
      description:
        'What moved the score: a threat to leave, problems reported (open, resolved, repeated), fixes, tone of other feedback, the customer value, or the entry rule of the at-risk band.',
    },
  ),
  points: Type.Integer({ description: 'Signed points this factor adds to the baseline of 70, weighed by recency (half every 30 days), rounded.' }),
  feedbackIds: Type.Array(Type.String(), {
    maxItems: 20,
    description: 'The items behind the factor, newest first (at most 20); empty for the customer value and the entry rule.',
  }),
  text: Type.String({ description: 'The factor in plain words, e.g. "Threatened to leave on 12 Nov".' }),
});

const HealthSchema = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    band: Type.Union([Type.Literal('at_risk'), Type.Literal('watch'), Type.Literal('healthy')], {
      description: '`at_risk` below 40, `watch` 40–64, `healthy` from 65.',
    }),
    atRisk: Type.Boolean({ description: 'Score below 40: entering this band sends `user.health_changed` (identified users, live items).' }),
    reasons: Type.Array(HealthReasonSchema, { description: 'Why the score is what it is, largest effect first; empty with nothing to go on.' }),
  },
  {
    description:
      'Not in the spec: customer health as of now. 70 (nothing to go on) plus the points of each reason, limited to 0–100. ' +
      'Entering the at-risk band takes a churn threat (60 days), a loss of customer value (lost, or shrunk by a quarter, 90 days) ' +
      'or sustained complaints (3 open problem reports within 30 days); otherwise the score stops at 40. Revenue never changes it.',
  },
);

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
  health: HealthSchema,
});
