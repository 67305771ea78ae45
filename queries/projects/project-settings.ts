import type { Queryable } from '../../src/db/database.js';
import { DEFAULT_SETTINGS, type ProjectSettings } from '../../src/domain/project/events.js';

/** One project's settings as the log says (sealed credentials stay sealed); undefined when there is no such project. */
export async function findProjectSettings(db: Queryable, projectId: string): Promise<ProjectSettings | undefined> {
  const rows = await db.query<{ settings: Partial<ProjectSettings> }>(`SELECT settings FROM projects WHERE project_id = $1`, [projectId]);
  return rows.rows[0] && { ...DEFAULT_SETTINGS, ...rows.rows[0].settings };
}
