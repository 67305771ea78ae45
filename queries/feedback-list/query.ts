import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import { cutPage, decodeCursor } from './cursor.js';
import type { ListFeedbackQuery } from './schema.js';

/** `seats:5` matches the number 5 and the string "5"; `beta:true` the boolean and the string. */
function metadataAlternatives(key: string, value: string): string[] {
  const alternatives: unknown[] = [value];
  if (/^-?\d+(\.\d+)?$/.test(value)) alternatives.push(Number(value));
  if (value === 'true' || value === 'false') alternatives.push(value === 'true');
  return alternatives.map((v) => JSON.stringify({ [key]: v }));
}

/** Groups `key:value` filters by key: values of one key OR together, different keys AND. */
export function metadataFilterGroups(meta: string[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const pair of meta) {
    const colon = pair.indexOf(':');
    const key = pair.slice(0, colon);
    const value = pair.slice(colon + 1);
    byKey.set(key, [...(byKey.get(key) ?? []), ...metadataAlternatives(key, value)]);
  }
  return [...byKey.values()];
}

export async function listFeedback(db: Queryable, projectId: string, query: ListFeedbackQuery) {
  const limit = query.limit ?? 50;
  const params: unknown[] = [projectId];
  const where = ['project_id = $1'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.cluster) where.push(`cluster_id = ${param(query.cluster)}`);
  if (query.sentiment) where.push(`sentiment = ${param(query.sentiment)}`);
  if (query.source) where.push(`source = ${param(query.source)}`);
  for (const group of metadataFilterGroups(query.meta ?? [])) {
    where.push(`(${group.map((json) => `metadata @> ${param(json)}::jsonb`).join(' OR ')})`);
  }
  if (query.before) {
    const cursor = decodeCursor(query.before);
    const at = `(timestamptz 'epoch' + ${param(cursor.micros.toString())}::bigint * interval '1 microsecond')`;
    where.push(cursor.seq === undefined ? `created_at < ${at}` : `(created_at, list_seq) < (${at}, ${param(cursor.seq.toString())}::numeric)`);
  }
  const rows = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items WHERE ${where.join(' AND ')}
      -- Qualified: a bare list_seq would sort by the output column list_seq::text ('9' > '10'), not the number.
      ORDER BY feedback_items.created_at DESC, feedback_items.list_seq DESC LIMIT ${param(limit + 1)}`,
    params,
  );
  const { page, nextBefore } = cutPage(rows.rows, limit);
  return { items: page.map(toFeedbackItem), nextBefore };
}
