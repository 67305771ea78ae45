import type { Queryable } from '../db/database.js';

/** Recent items whose topics are counted: bounded, so the query costs the same in a project of any size. */
export const KNOWN_TOPICS_RECENT_ITEMS = 500;
/** Topics sent to the model at most. */
export const KNOWN_TOPICS_LIMIT = 30;

/**
 * The topics of the project's most recent analysed items, most frequent first: the context an analyzer that
 * names topics gets, so that one product area keeps one name in a project.
 */
export async function knownTopics(db: Queryable, projectId: string): Promise<string[]> {
  const recent = await db.query<{ topic: string | null }>(
    `SELECT topic FROM feedback_items WHERE project_id = $1 ORDER BY created_at DESC, list_seq DESC LIMIT ${KNOWN_TOPICS_RECENT_ITEMS}`,
    [projectId],
  );
  return rankKnownTopics(recent.rows.map((row) => row.topic));
}

/**
 * `knownTopics`, read at most once per project: for the items of one analysis batch, which are analysed at
 * the same time and so would each read the same list.
 */
export function knownTopicsOncePerProject(db: Queryable): (projectId: string) => Promise<string[]> {
  const reads = new Map<string, Promise<string[]>>();
  return (projectId) => {
    let read = reads.get(projectId);
    if (!read) {
      read = knownTopics(db, projectId);
      reads.set(projectId, read);
    }
    return read;
  };
}

/** Distinct topics by how many items have them, then by name (so the prompt is the same for the same items); at most `KNOWN_TOPICS_LIMIT`. */
export function rankKnownTopics(topics: readonly (string | null | undefined)[]): string[] {
  const counts = new Map<string, number>();
  for (const topic of topics) if (topic) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, KNOWN_TOPICS_LIMIT)
    .map(([topic]) => topic);
}
