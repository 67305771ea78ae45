import { Type, type Static } from '@sinclair/typebox';
import { FEEDBACK_TYPES } from '../../src/analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../src/domain/feedback/events.js';
import { PeriodFields } from './period.js';

const SentimentMix = Type.Object({ positive: Type.Integer(), neutral: Type.Integer(), negative: Type.Integer() });

const SegmentField = Type.Optional(
  Type.String({
    pattern: '^[^:]+:',
    description:
      'A segment `name:value`: count only items whose end user holds that trait now (as `trait` on GET /feedback: `seats:5` also matches the number 5, `beta:true` the boolean). Items of no known user never match; the customer-value trait is money, never a segment (400).',
    examples: ['plan:enterprise'],
  }),
);

const REVENUE_MEANING =
  'The sum of the current customer value (spec 2.4) of the distinct users with items in it; 0 when the project has no customer-value trait or none of those users has a value.';

export const ClusterTrendQuery = Type.Object(
  {
    ...PeriodFields,
    bucket: Type.Optional(
      Type.Union([Type.Literal('day'), Type.Literal('week')], {
        default: 'day',
        description: 'Bucket size: UTC days, or ISO weeks starting on Monday 00:00 UTC.',
      }),
    ),
    trait: SegmentField,
  },
  { additionalProperties: false },
);
export type ClusterTrendQuery = Static<typeof ClusterTrendQuery>;

export const ClusterTrendResponse = Type.Object({
  cluster: Type.Object({ id: Type.String(), label: Type.String() }),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  bucket: Type.Union([Type.Literal('day'), Type.Literal('week')]),
  buckets: Type.Array(
    Type.Object({
      start: Type.String({ format: 'date-time', description: 'Start of the bucket (UTC midnight; a Monday for weeks).' }),
      count: Type.Integer({ minimum: 0, description: 'Items of the theme created in the bucket and inside the period.' }),
      sentiment: SentimentMix,
      revenue: Type.Number({ minimum: 0, description: `Of the bucket's items: ${REVENUE_MEANING}` }),
    }),
    { description: 'Every bucket overlapping the period, oldest first, empty ones with zeros; the first and last may be partial.' },
  ),
});

export const TrendsQuery = Type.Object(
  {
    ...PeriodFields,
    source: Type.Optional(
      Type.Union(
        FEEDBACK_SOURCES.map((s) => Type.Literal(s)),
        { description: 'Count only items of this source.' },
      ),
    ),
    type: Type.Optional(
      Type.Union(
        FEEDBACK_TYPES.map((t) => Type.Literal(t)),
        { description: 'Count only items of this type.' },
      ),
    ),
    language: Type.Optional(Type.String({ pattern: '^([a-z]{2}|und)$', description: 'Count only items in this language (ISO 639-1, or `und`).' })),
    trait: SegmentField,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
export type TrendsQuery = Static<typeof TrendsQuery>;

export const ThemeTrendSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('resolved'), Type.Literal('muted')]),
  muted: Type.Boolean(),
  count: Type.Integer({ minimum: 0, description: 'Items created in the period.' }),
  previous: Type.Integer({ minimum: 0, description: 'Items created in the period of the same length just before it.' }),
  growth: Type.Union([Type.Number(), Type.Null()], {
    description: '(count − previous) / previous: 0.5 is 50 % more, −1 none left; null when `previous` is 0.',
  }),
  sentiment: SentimentMix,
  revenue: Type.Number({ minimum: 0, description: `Of the items in the period: ${REVENUE_MEANING}` }),
  churnRiskCount: Type.Integer({ minimum: 0, description: 'Items in the period that threaten to leave (`churnRisk` true on the item).' }),
  new: Type.Boolean({ description: "The theme's first item lies inside the period." }),
  spiking: Type.Boolean({ description: 'Inside a spike now (as on GET /clusters).' }),
  regressed: Type.Boolean({ description: "The theme's latest regression (resolved, then new feedback) lies inside the period." }),
  firstSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const TrendsResponse = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  previousFrom: Type.String({ format: 'date-time', description: 'Start of the period before, which ends at `from`.' }),
  themes: Type.Array(ThemeTrendSchema),
});
