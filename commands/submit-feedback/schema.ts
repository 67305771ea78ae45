import { Type, type Static } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';

export const TEXT_LIMIT_CHARS = 10_000;
export const METADATA_LIMIT_BYTES = 8 * 1024;
export const METADATA_KEY_LIMIT_CHARS = 100;
export const METADATA_MAX_DEPTH = 10;
export const IDEMPOTENCY_KEY_LIMIT = 128;

export const SubmitFeedbackBody = Type.Object(
  {
    text: Chars({
      minLength: 1,
      maxLength: TEXT_LIMIT_CHARS,
      description:
        '1 to 10,000 characters (Unicode code points: an emoji counts once), at least one of them visible (a letter, digit, ' +
        'punctuation mark or symbol). Personal data is redacted before storage.',
    }),
    userId: Type.Optional(Chars({ minLength: 1, maxLength: 256, description: 'Up to 256 characters, at least one of them visible.' })),
    email: Type.Optional(Chars({ maxLength: 320, format: 'email' })),
    source: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('widget')], {
        description: 'Defaults to `api` for secret keys and `widget` for widget keys. A widget key may only send `widget`.',
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: METADATA_KEY_LIMIT_CHARS }), Type.Unknown(), {
        description:
          'Custom properties of this item, up to 8 KB as JSON and 10 levels of nesting. Keys are 1 to 100 characters, ' +
          'visible, without `:` (each key is a `meta=key:value` filter). String values are redacted like the text.',
      }),
    ),
    createdAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'For backfills (secret keys only; widget submissions are dated at receipt): an RFC 3339 date-time from ' +
          '1970-01-01T00:00:00Z to 24 hours after receipt. Defaults to the time of receipt.',
        examples: ['2025-01-15T09:30:00Z'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubmitFeedbackBody = Static<typeof SubmitFeedbackBody>;

export const SubmitFeedbackHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Chars({ minLength: 1, maxLength: IDEMPOTENCY_KEY_LIMIT, description: 'Unique per logical submission; a replay returns 200 with the original item.' }),
  ),
});

export const SubmitFeedbackAccepted = Type.Object({
  id: Type.String(),
  status: Type.Literal('pending'),
});
