import type { Queryable } from '../db/database.js';

/** Rows counted per queue at most, so that a scrape stays cheap however long a backlog grows. */
export const QUEUE_COUNT_CAP = 100_000;

/** Each work table with what counts as waiting, and (for queues that park) what counts as parked. */
const QUEUES: { queue: string; table: string; where?: string; parked?: string }[] = [
  { queue: 'analysis', table: 'analysis_jobs', parked: 'parked_at IS NOT NULL' },
  { queue: 'clustering', table: 'clustering_jobs', parked: 'parked_at IS NOT NULL' },
  { queue: 'erasure', table: 'erasure_jobs' },
  { queue: 'user_health', table: 'user_health_due' },
  { queue: 'question_evaluations', table: 'question_evaluations_due' },
  { queue: 'webhook_deliveries', table: 'webhook_deliveries', where: `status = 'pending'` },
  { queue: 'transcript_extractions', table: 'transcript_extractions' },
  { queue: 'feedback_deletions', table: 'pending_feedback_deletions' },
  { queue: 'user_erasures', table: 'pending_user_erasures' },
  { queue: 'identity_merges', table: 'pending_identity_merges' },
];

export interface QueueDepth {
  queue: string;
  waiting: number;
  parked: number;
}

const SQL = QUEUES.map(
  ({ queue, table, where, parked }) =>
    `SELECT '${queue}' AS queue, count(*) FILTER (WHERE NOT parked)::int AS waiting, count(*) FILTER (WHERE parked)::int AS parked
       FROM (SELECT ${parked ?? 'false'} AS parked FROM ${table}${where ? ` WHERE ${where}` : ''} LIMIT ${QUEUE_COUNT_CAP}) AS rows`,
).join('\nUNION ALL\n');

/** The work waiting in every queue, in one statement (each queue counted up to `QUEUE_COUNT_CAP` rows). */
export async function readQueueDepths(db: Queryable): Promise<QueueDepth[]> {
  return (await db.query<QueueDepth>(SQL)).rows;
}

export const QUEUE_NAMES = QUEUES.map((q) => q.queue);
