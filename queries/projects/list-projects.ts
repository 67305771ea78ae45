import type { Queryable } from '../../src/db/database.js';
import type { ProjectSettings } from '../../src/domain/project/events.js';

export interface ProjectSummary {
  projectId: string;
  name: string;
  createdAt: string;
  settings: ProjectSettings;
  keys: { keyId: string; prefix: string; keyType: string; mode: string; revoked: boolean }[];
}

export async function listProjects(db: Queryable): Promise<ProjectSummary[]> {
  const projects = await db.query<{ project_id: string; name: string; created_at: Date; settings: ProjectSettings }>(
    `SELECT project_id, name, created_at, settings FROM projects ORDER BY created_at, project_id`,
  );
  const keys = await db.query<{ key_id: string; project_id: string; prefix: string; key_type: string; mode: string; revoked_at: Date | null }>(
    `SELECT key_id, project_id, prefix, key_type, mode, revoked_at FROM api_keys ORDER BY issued_at, key_id`,
  );
  return projects.rows.map((p) => ({
    projectId: p.project_id,
    name: p.name,
    createdAt: p.created_at.toISOString(),
    settings: p.settings,
    keys: keys.rows
      .filter((k) => k.project_id === p.project_id)
      .map((k) => ({ keyId: k.key_id, prefix: k.prefix, keyType: k.key_type, mode: k.mode, revoked: k.revoked_at !== null })),
  }));
}
