import type { Queryable } from '../../src/db/database.js';
import type { ProjectSettings } from '../../src/domain/project/events.js';
import { projector } from '../../src/projection-engine/projection.js';
import { projectsMigrations } from './migration.js';

async function replaceOrigins(tx: Queryable, projectId: string, origins: string[]): Promise<void> {
  await tx.query(`DELETE FROM project_origins WHERE project_id = $1`, [projectId]);
  for (const origin of origins) {
    await tx.query(`INSERT INTO project_origins (project_id, origin) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [projectId, origin]);
  }
}

/** Projects with their settings, their allowed origins, and the hashes of their API keys. */
export const projectsProjection = projector({
  name: 'projects',
  tables: ['projects', 'project_origins', 'api_keys'],
  handles: ['ProjectCreated', 'ProjectSettingsChanged', 'ApiKeyIssued', 'ApiKeyRevoked'],
  migrations: projectsMigrations,
  async apply(event, tx) {
    switch (event.type) {
      case 'ProjectCreated': {
        const { projectId, name, createdAt, settings } = event.data;
        await tx.query(`INSERT INTO projects (project_id, name, created_at, settings) VALUES ($1, $2, $3, $4)`, [
          projectId,
          name,
          createdAt,
          JSON.stringify(settings),
        ]);
        await replaceOrigins(tx, projectId, settings.allowedOrigins);
        return;
      }
      case 'ProjectSettingsChanged': {
        const { projectId, changes } = event.data;
        const updated = await tx.query<{ settings: ProjectSettings }>(
          `UPDATE projects SET settings = settings || $2::jsonb WHERE project_id = $1 RETURNING settings`,
          [projectId, JSON.stringify(changes)],
        );
        if (changes.allowedOrigins && updated.rows[0]) await replaceOrigins(tx, projectId, changes.allowedOrigins);
        return;
      }
      case 'ApiKeyIssued': {
        const d = event.data;
        await tx.query(`INSERT INTO api_keys (key_id, project_id, key_type, mode, prefix, key_hash, issued_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          d.keyId,
          d.projectId,
          d.keyType,
          d.mode,
          d.prefix,
          d.keyHash,
          d.issuedAt,
        ]);
        return;
      }
      case 'ApiKeyRevoked':
        await tx.query(`UPDATE api_keys SET revoked_at = $2 WHERE key_id = $1`, [event.data.keyId, event.data.revokedAt]);
        return;
    }
  },
});
