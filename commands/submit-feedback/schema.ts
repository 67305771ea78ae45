import { Type, type Static } from '@sinclair/typebox';

export const METADATA_LIMIT_BYTES = 8 * 1024;
export const IDEMPOTENCY_KEY_LIMIT = 128;

export const SubmitFeedbackBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 10_000, description: '1 to 10,000 characters. Personal data is redacted before storage.' }),
    userId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    email: Type.Optional(Type.String({ maxLength: 320, format: 'email' })),
    source: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('widget')], {
        description: 'Defaults to `api` for secret keys and `widget` for widget keys.',
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.Unknown(), {
        description: 'Custom properties of this item, up to 8 KB as JSON. String values are redacted like the text.',
      }),
    ),
    createdAt: Type.Optional(Type.String({ format: 'date-time', description: 'For backfills; defaults to the time of receipt.' })),
  },
  { additionalProperties: false },
);
export type SubmitFeedbackBody = Static<typeof SubmitFeedbackBody>;

export const SubmitFeedbackHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_LIMIT, description: 'Unique per logical submission; a replay returns 200 with the original item.' }),
  ),
});

export const SubmitFeedbackAccepted = Type.Object({
  id: Type.String(),
  status: Type.Literal('pending'),
});
