import { findTranscript } from '../../queries/transcript-detail/query.js';
import { meteredItemsSince } from '../../queries/transcript-usage/query.js';
import { NotFound } from '../../src/domain/errors.js';
import { commandContextFor } from '../../src/http/command-context.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { RouteSpec } from '../../src/http/route.js';
import type { CoreServices } from '../../src/services.js';
import { submitTranscript } from './handler.js';
import { transcriptProblems } from './rules.js';
import { SubmitTranscriptBody, TRANSCRIPT_BODY_LIMIT_BYTES, TranscriptAccepted, TranscriptExisting } from './schema.js';

export function submitTranscriptRoute(services: CoreServices): RouteSpec<SubmitTranscriptBody> {
  return {
    method: 'POST',
    path: '/api/v1/transcripts',
    operationId: 'submitTranscript',
    summary: 'Send one call transcript',
    description:
      'Spec 4.13. Secret keys only (a widget key is 401); body up to 2 MB (413 above); 60 per minute. Exactly one of `segments` or ' +
      '`text`. Answers as soon as the record is made and the call counted, before any model runs: 202 with `queued` (counted: ' +
      '`metered_items` is one per 500 words or part of 500, at least 2) or `skipped` with `skip_reason` (0 counted). ' +
      '`word_count` counts spoken words only (not labels, timestamps or WebVTT markup). Intake skips, in this order: ' +
      '`title_excluded` (the title contains, case-insensitively, an excluded title of the project settings), `folder_excluded` ' +
      '(the folder equals, case-insensitively, an excluded folder), `too_long` (over 3 hours by `duration_sec`, else by the last ' +
      'time in the call, else over 27,000 words at 150 words a minute; refused whole, never sliced), `no_quotable_speech` (no turn ' +
      "is the customer's: `them`; a text without any speaker label is all `unknown`), `no_external_attendee` (rule 7: an attendee " +
      'list was sent, even empty, and none is external; without `attendees` there is nothing to judge), `too_short` (under 800 words). A `started_at` more than 24 hours ahead is 400 naming `started_at`; ' +
      'one more than 48 hours back makes the call a backfill. A repeated `external_id` in the project is 200 with the existing ' +
      'record and counts nothing; the id is derived from it, so concurrent repeats make one record. The text is never stored, ' +
      "logged or returned; the attendees' names and emails, the owner and the speaker labels are used (speaker mapping, the " +
      'attendee filter, removing names from the title) and dropped. A 500 recorded nothing: retry with the same `external_id`. ' +
      "A `queued` call is then extracted: the customer's feedback sentences become feedback items with source `call` (metadata " +
      '`transcript_id`, `speaker`, `start_sec`, `url`), and GET shows `done` with `signal_count`, `failed` with `failure_reason`, ' +
      'or `skipped` `internal_call`; the text is kept only until then, in a work row deleted when extraction ends. ' +
      "A call that passes intake but whose metered items would take the calendar month (UTC) past the project's allowance " +
      '(`feedbackctl project update --call-allowance N`; default unlimited) is 202 `plan_blocked` with 0 counted and is not extracted.',
    tags: ['transcripts'],
    auth: ['secret'],
    rateLimit: { perMinute: 60 },
    bodyLimitBytes: TRANSCRIPT_BODY_LIMIT_BYTES,
    body: SubmitTranscriptBody,
    validate: ({ body }) => transcriptProblems(body, services.clock.now()),
    responses: {
      202: { description: 'Recorded and counted (`queued`), or skipped at intake with `skip_reason` (nothing counted).', schema: TranscriptAccepted },
      200: { description: 'The external_id was sent before in this project: the existing record; nothing is counted again.', schema: TranscriptExisting },
      ...commonProblems(['400', '401', '413', '429']),
    },
    async handle(request) {
      const meteredSince = (projectId: string, since: Date) => meteredItemsSince(services.db, projectId, since);
      const outcome = await submitTranscript(services, { projectId: request.auth.projectId, body: request.body, meteredSince }, commandContextFor(request));
      if (outcome.kind === 'accepted') {
        const { transcriptId, status, meteredItems, wordCount, skipReason } = outcome.record;
        return {
          status: 202,
          body: { id: transcriptId, status, metered_items: meteredItems, word_count: wordCount, ...(skipReason ? { skip_reason: skipReason } : {}) },
        };
      }
      const existing = await findTranscript(services.db, request.auth.projectId, outcome.record.transcriptId);
      if (!existing) throw new NotFound('The transcript');
      return { status: 200, body: { id: existing.id, status: existing.status, metered_items: existing.metered_items, word_count: existing.word_count } };
    },
  };
}
