import { reactor } from '../../projection-engine/projection.js';
import { definedThemeSweepsMigrations } from './migration.js';

/** A theme defined or its definition changed: the project's items are matched against its defined themes again (`sweepDefinedThemes`). */
export const queueDefinedThemeSweeps = reactor({
  name: 'queue-defined-theme-sweeps',
  handles: ['ClusterDefined', 'ClusterDefinitionChanged'],
  migrations: definedThemeSweepsMigrations,
  async apply(event, tx) {
    await tx.query(
      `INSERT INTO defined_theme_sweeps (project_id, seq) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET seq = GREATEST(defined_theme_sweeps.seq, EXCLUDED.seq)`,
      [event.data.projectId, event.position.prepare.toString()],
    );
  },
});
