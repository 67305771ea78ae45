import { Type, type Static } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';
import { MAX_SEGMENTS, SEGMENT_TEXT_LIMIT_CHARS } from '../../src/transcripts/segments.js';
import { SKIP_REASONS } from '../../src/domain/transcript/intake.js';

export const EXTERNAL_ID_LIMIT_CHARS = 200;
export const TITLE_LIMIT_CHARS = 200;
export const FOLDER_LIMIT_CHARS = 100;
export const URL_LIMIT_CHARS = 500;
export const MAX_ATTENDEES = 50;
export const NAME_LIMIT_CHARS = 200;
export const EMAIL_LIMIT_CHARS = 320;
/** Spec 8: a transcript body may be up to 2 MB. */
export const TRANSCRIPT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** Larger than any call (68 years); keeps the value an integer storage holds. */
export const DURATION_LIMIT_SEC = 2_147_483_647;

const SegmentSchema = Type.Object(
  {
    speaker: Chars({
      minLength: 1,
      maxLength: NAME_LIMIT_CHARS,
      description: '`me`, `them`, or the label of a speaker (mapped by rule 3); `unknown` is an unattributed turn.',
    }),
    text: Chars({ minLength: 1, maxLength: SEGMENT_TEXT_LIMIT_CHARS, description: 'One turn, 1 to 20,000 characters.' }),
    start_sec: Type.Optional(Type.Number({ minimum: 0, description: 'Seconds from the start of the call.' })),
  },
  { additionalProperties: false },
);

const AttendeeSchema = Type.Object(
  {
    email: Type.Optional(Chars({ maxLength: EMAIL_LIMIT_CHARS, format: 'email' })),
    name: Type.Optional(Chars({ minLength: 1, maxLength: NAME_LIMIT_CHARS, description: 'Used to redact the title, then dropped.' })),
    external: Type.Optional(
      Type.Boolean({
        description:
          'Defaults to true when the email domain differs from that of `owner_email`; false when either email is missing (send true for an ' +
          'attendee known only by name).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SubmitTranscriptBody = Type.Object(
  {
    external_id: Chars({
      minLength: 1,
      maxLength: EXTERNAL_ID_LIMIT_CHARS,
      description: "1 to 200 characters: the caller's id for the call and the idempotency key within the project.",
      examples: ['call_2025_01_15_acme'],
    }),
    segments: Type.Optional(
      Type.Array(SegmentSchema, { minItems: 1, maxItems: MAX_SEGMENTS, description: 'The call as turns, 1 to 5,000. Exactly one of `segments` or `text`.' }),
    ),
    text: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'The whole call, read into at most 5,000 turns of at most 20,000 characters. Format `text`: lines `Them: …`, `Me: …`, ' +
          '`[HH:MM:SS] Them: …` or `<Name>: …` start a turn (a name starts with a letter, is at most 60 characters and five words); ' +
          'other lines continue the turn before. Exactly one of `segments` or `text`. A text that cannot be read (a bad timestamp or cue ' +
          'timing, no WEBVTT signature), that gives more than 5,000 turns or a turn over 20,000 characters is 400 naming `text` and the line.',
      }),
    ),
    format: Type.Optional(
      Type.Union([Type.Literal('text'), Type.Literal('vtt')], {
        description:
          'How `text` is written; only with `text`. `vtt`: WebVTT; a cue names its speaker by a `<v Name>` voice tag (or a `Name:` ' +
          'label at the start of its text); consecutive cues of one speaker form one turn.',
      }),
    ),
    title: Type.Optional(Chars({ maxLength: TITLE_LIMIT_CHARS, description: 'Up to 200 characters; stored with personal names removed.' })),
    started_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When the call started, from 1970 to 24 hours after receipt (later is 400 naming `started_at`). More than 48 hours before ' +
          'receipt makes the call a backfill; missing counts as now.',
        examples: ['2025-01-15T09:30:00Z'],
      }),
    ),
    duration_sec: Type.Optional(Type.Integer({ minimum: 0, maximum: DURATION_LIMIT_SEC, description: 'The length of the call in seconds.' })),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 2, description: 'An ISO 639-1 code such as `en`, any case; stored lower-case.' })),
    url: Type.Optional(Chars({ maxLength: URL_LIMIT_CHARS, format: 'uri', description: 'An https link to the call, up to 500 characters.' })),
    owner_email: Type.Optional(
      Chars({
        maxLength: EMAIL_LIMIT_CHARS,
        format: 'email',
        description: "The rep who ran the notetaker: its domain is the own domain of the attendee filter, its local part one of the rep's labels.",
      }),
    ),
    owner_name: Type.Optional(
      Chars({
        minLength: 1,
        maxLength: NAME_LIMIT_CHARS,
        description: 'How the rep is labelled in the transcript; the name and its first name map to `me`.',
      }),
    ),
    folder: Type.Optional(Chars({ maxLength: FOLDER_LIMIT_CHARS, description: 'Up to 100 characters; matched against the excluded folders, not stored.' })),
    attendees: Type.Optional(
      Type.Array(AttendeeSchema, {
        maxItems: MAX_ATTENDEES,
        description:
          'Up to 50. When sent (even empty), at least one must be external, else the call is skipped `no_external_attendee`; when not ' +
          'sent, rule 7 has nothing to judge and the speaker labels alone decide. Names and emails are not stored.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubmitTranscriptBody = Static<typeof SubmitTranscriptBody>;

export const SkipReasonSchema = Type.Union(
  SKIP_REASONS.map((reason) => Type.Literal(reason)),
  {
    description:
      'Present when status is `skipped`. Decided at intake, in this order: `title_excluded`, `folder_excluded`, `too_long`, ' +
      '`no_quotable_speech`, `no_external_attendee`, `too_short`; `internal_call` later, by extraction.',
  },
);

export const TranscriptAccepted = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('skipped'), Type.Literal('plan_blocked')]),
  metered_items: Type.Integer({ minimum: 0, description: 'One per 500 words or part of 500, at least 2; 0 when skipped at intake.' }),
  word_count: Type.Integer({ minimum: 0, description: 'Spoken words: not speaker labels, timestamps or WebVTT markup.' }),
  skip_reason: Type.Optional(SkipReasonSchema),
});

export const TranscriptExisting = Type.Object({
  id: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('extracting'),
    Type.Literal('done'),
    Type.Literal('failed'),
    Type.Literal('skipped'),
    Type.Literal('plan_blocked'),
  ]),
  metered_items: Type.Integer({ minimum: 0 }),
  word_count: Type.Integer({ minimum: 0 }),
});
