import type { Migration } from '../../db/migrations.js';

/** Projects whose items are to be matched against their defined themes again; `seq`: the latest definition event that asked. */
export const definedThemeSweepsMigrations: Migration[] = [
  {
    id: '0525_defined_theme_sweeps',
    sql: `CREATE TABLE IF NOT EXISTS defined_theme_sweeps (project_id text PRIMARY KEY, seq numeric(20) NOT NULL);`,
  },
];
