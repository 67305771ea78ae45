import { createHash } from 'node:crypto';
import type { SubmitFeedbackInput } from '../processes/shared/submit-feedback.js';
import { submissionProblems } from '../../commands/submit-feedback/rules.js';
import { IDEMPOTENCY_KEY_LIMIT, SubmitFeedbackBody } from '../../commands/submit-feedback/schema.js';
import type { FeedbackSource } from '../domain/feedback/events.js';
import type { FieldProblem } from '../domain/errors.js';
import { instantOf } from '../http/date-time.js';
import { schemaProblems } from '../http/validation.js';
import type { resolveColumns } from './column-map.js';
import { IMPORT_DATE_FORMATS, importDate } from './import-date.js';

export type ResolvedColumns = ReturnType<typeof resolveColumns>;

export interface RowContext {
  projectId: string;
  /** The format's name, part of an id column's key: Zendesk ticket 42 is not Intercom conversation 42. */
  format: string;
  source: FeedbackSource;
  columns: ResolvedColumns;
  numericMetadata: string[];
  now: Date;
}

export type RowOutcome = { ok: true; input: SubmitFeedbackInput } | { ok: false; problems: FieldProblem[] };

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The row's identity as an Idempotency-Key: the tool's own id where the file has one, otherwise a
 * digest of the row's cells, so the same file imported twice names the same items.
 */
export function rowIdempotencyKey(format: string, id: string | undefined, values: Record<string, string>): string {
  if (id) {
    const key = `import:${format}:${id}`;
    if (key.length <= IDEMPOTENCY_KEY_LIMIT && key.isWellFormed()) return key;
    return `import:${format}:sha256:${createHash('sha256').update(id).digest('hex')}`;
  }
  return `import:row:${createHash('sha256')
    .update(JSON.stringify(Object.entries(values)))
    .digest('hex')}`;
}

/** The item's text: a review's or ticket's title, then its body. */
function composeText(title: string, body: string): string {
  if (title === '' || title === body) return body;
  return body === '' ? title : `${title}\n\n${body}`;
}

/** One CSV row as a submission, checked by the rules of POST /feedback (a secret key's), or what is wrong with it. */
export function rowSubmission(values: Record<string, string>, context: RowContext): RowOutcome {
  const { fields, metadata: metadataColumns } = context.columns;
  const cell = (column: string | undefined) => (column === undefined ? '' : (values[column] ?? '').trim());
  const body: Record<string, unknown> = { text: composeText(cell(fields.title), cell(fields.text)) };
  const userId = cell(fields.userId);
  if (userId !== '') body.userId = userId;
  const email = cell(fields.email);
  if (email !== '') body.email = email;
  const metadata: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(metadataColumns)) {
    const value = cell(column);
    if (value !== '') metadata[key] = context.numericMetadata.includes(key) && NUMBER.test(value) ? Number(value) : value;
  }
  if (Object.keys(metadata).length > 0) body.metadata = metadata;
  const createdAtCell = cell(fields.createdAt);
  if (createdAtCell !== '') {
    const createdAt = importDate(createdAtCell);
    if (createdAt === undefined) return { ok: false, problems: [{ field: 'createdAt', message: `must be ${IMPORT_DATE_FORMATS}` }] };
    body.createdAt = createdAt;
  }
  const problems = schemaProblems(SubmitFeedbackBody, body);
  if (problems.length === 0) problems.push(...submissionProblems(body as SubmitFeedbackBody, { keyType: 'secret', now: context.now }));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    input: {
      projectId: context.projectId,
      text: body.text as string,
      userId: body.userId as string | undefined,
      email: body.email as string | undefined,
      source: context.source,
      metadata: body.metadata as Record<string, unknown> | undefined,
      createdAt: body.createdAt === undefined ? undefined : new Date(instantOf(body.createdAt as string)),
      idempotencyKey: rowIdempotencyKey(context.format, cell(fields.id), values),
      backfill: true,
    },
  };
}
