import { Type } from '@sinclair/typebox';
import { SkipReasonSchema } from '../../commands/submit-transcript/schema.js';

export const TranscriptIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'From the 202 or 200 of POST /transcripts.' }) });

export const TranscriptSchema = Type.Object({
  id: Type.String(),
  external_id: Type.String({ description: "The caller's id for the call." }),
  provider: Type.String({ description: '`api` for calls sent to POST /transcripts.' }),
  status: Type.Union(
    ['queued', 'extracting', 'done', 'failed', 'skipped', 'plan_blocked'].map((status) => Type.Literal(status)),
    { description: 'Spec 3.2. `queued` → `extracting` → `done`, `failed` or `skipped` (`internal_call`).' },
  ),
  skip_reason: Type.Optional(SkipReasonSchema),
  failure_reason: Type.Optional(Type.String({ description: 'Present when status is `failed`: a code such as `provider_5xx`, never a message.' })),
  metered_items: Type.Integer({ minimum: 0, description: 'One per 500 words or part of 500, at least 2; 0 when skipped at intake.' }),
  word_count: Type.Integer({ minimum: 0, description: 'Spoken words: not speaker labels, timestamps or WebVTT markup.' }),
  signal_count: Type.Integer({ minimum: 0, description: 'Feedback items extracted; 0 until status is `done`.' }),
  created_at: Type.String({ format: 'date-time' }),
  extracted_at: Type.Optional(Type.String({ format: 'date-time', description: 'Present once extraction has finished.' })),
});
