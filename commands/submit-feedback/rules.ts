import type { FieldProblem } from '../../src/domain/errors.js';
import { parseDateTime } from '../../src/http/date-time.js';
import type { KeyType } from '../../src/http/route.js';
import { countChars } from '../../src/http/chars.js';
import { nestingDepth, printableSegment } from '../../src/http/well-formed.js';
import { METADATA_KEY_LIMIT_CHARS, METADATA_LIMIT_BYTES, METADATA_MAX_DEPTH, type SubmitFeedbackBody } from './schema.js';

/** A letter, digit, punctuation mark or symbol (emoji included): white space, zero-width and control characters are not. */
export const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const EARLIEST_CREATED_AT_MS = 0;
const LATEST_CREATED_AT_AHEAD_MS = 24 * 60 * 60 * 1000;

export interface SubmissionContext {
  keyType: KeyType;
  now: Date;
}

/**
 * The rules of a submission that its schema cannot express; run once the schema holds. Every
 * value that passes is one that storage accepts and that the list filters can find again.
 */
export function submissionProblems(body: SubmitFeedbackBody, context: SubmissionContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!VISIBLE.test(body.text)) problems.push({ field: 'text', message: 'must contain a visible character, not only white space or invisible characters' });
  if (body.userId !== undefined && !VISIBLE.test(body.userId)) problems.push({ field: 'userId', message: 'must contain a visible character' });
  if (body.metadata) problems.push(...metadataProblems(body.metadata));
  if (context.keyType === 'widget') problems.push(...widgetProblems(body));
  else if (body.createdAt !== undefined) problems.push(...createdAtProblems(body.createdAt, context.now));
  return problems;
}

function metadataProblems(metadata: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const key of Object.keys(metadata)) {
    const field = key === '' ? 'metadata.(empty key)' : `metadata.${printableSegment(key)}`;
    if (countChars(key) > METADATA_KEY_LIMIT_CHARS) problems.push({ field, message: `a metadata key must be at most ${METADATA_KEY_LIMIT_CHARS} characters` });
    else if (!VISIBLE.test(key)) problems.push({ field, message: 'a metadata key must contain a visible character' });
    else if (key.includes(':')) problems.push({ field, message: 'a metadata key must not contain ":" (keys are filtered as meta=key:value)' });
  }
  if (nestingDepth(metadata, METADATA_MAX_DEPTH) > METADATA_MAX_DEPTH) {
    problems.push({ field: 'metadata', message: `must be nested at most ${METADATA_MAX_DEPTH} levels deep` });
  } else if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_LIMIT_BYTES) {
    problems.push({ field: 'metadata', message: `must be at most ${METADATA_LIMIT_BYTES} bytes as JSON` });
  }
  return problems;
}

function widgetProblems(body: SubmitFeedbackBody): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (body.source !== undefined && body.source !== 'widget') {
    problems.push({ field: 'source', message: 'must be "widget" (or left out) with a widget key' });
  }
  if (body.createdAt !== undefined) {
    problems.push({ field: 'createdAt', message: 'cannot be set with a widget key: widget submissions are dated at receipt; backfill with a secret key' });
  }
  return problems;
}

function createdAtProblems(createdAt: string, now: Date): FieldProblem[] {
  const parsed = parseDateTime(createdAt);
  if (!parsed.ok) return []; // the schema's format names it
  const latest = now.getTime() + LATEST_CREATED_AT_AHEAD_MS;
  if (parsed.epochMs < EARLIEST_CREATED_AT_MS || parsed.epochMs > latest) {
    return [{ field: 'createdAt', message: `must be between 1970-01-01T00:00:00Z and ${new Date(latest).toISOString()} (24 hours after receipt)` }];
  }
  return [];
}
