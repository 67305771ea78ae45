import type { FieldProblem } from '../../src/domain/errors.js';
import { parseDateTime } from '../../src/http/date-time.js';
import { ISO_639_1 } from '../../src/transcripts/iso-639-1.js';
import { readCall, type CallInput } from '../../src/transcripts/read-call.js';
import { VISIBLE } from '../submit-feedback/rules.js';
import type { SubmitTranscriptBody } from './schema.js';

/** Rule 6: a call may start at most this far after receipt; later is refused with 400 naming `started_at`. */
export const STARTED_AT_AHEAD_LIMIT_MS = 24 * 60 * 60 * 1000;
const EARLIEST_STARTED_AT_MS = 0;

/** The rules of a transcript call that its schema cannot express; run once the schema holds. */
export function transcriptProblems(body: SubmitTranscriptBody, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const hasSegments = body.segments !== undefined;
  const hasText = body.text !== undefined;
  if (hasSegments === hasText) {
    const message = hasText ? 'send exactly one of segments or text, not both (rule 1)' : 'send exactly one of segments or text (rule 1)';
    problems.push({ field: 'segments', message }, { field: 'text', message });
  }
  if (body.format !== undefined && !hasText) problems.push({ field: 'format', message: 'is only allowed with text' });
  if (!VISIBLE.test(body.external_id)) problems.push({ field: 'external_id', message: 'must contain a visible character' });
  if (body.url !== undefined && !body.url.toLowerCase().startsWith('https://')) problems.push({ field: 'url', message: 'must be an https link' });
  if (body.language !== undefined && !ISO_639_1.has(body.language.toLowerCase())) {
    problems.push({ field: 'language', message: 'must be an ISO 639-1 code such as en, de or ja' });
  }
  if (body.started_at !== undefined) problems.push(...startedAtProblems(body.started_at, now));
  if (problems.length === 0 && hasText) problems.push(...textProblems(body as CallInput & { text: string }));
  return problems;
}

function startedAtProblems(startedAt: string, now: Date): FieldProblem[] {
  const parsed = parseDateTime(startedAt);
  if (!parsed.ok) return []; // the schema's format names it
  const latest = now.getTime() + STARTED_AT_AHEAD_LIMIT_MS;
  if (parsed.epochMs > latest) {
    return [{ field: 'started_at', message: `must not be more than 24 hours after receipt (at most ${new Date(latest).toISOString()}): rule 6` }];
  }
  if (parsed.epochMs < EARLIEST_STARTED_AT_MS) return [{ field: 'started_at', message: 'must not be before 1970-01-01T00:00:00Z' }];
  return [];
}

/** A text that cannot be read, or that gives more than 5,000 turns, is refused naming the line. */
function textProblems(input: CallInput & { text: string }): FieldProblem[] {
  if (!VISIBLE.test(input.text)) return [{ field: 'text', message: 'must contain a visible character' }];
  const read = readCall(input);
  if (!read.ok) return [{ field: 'text', message: `could not be read at line ${read.line}: ${read.message}` }];
  return [];
}
