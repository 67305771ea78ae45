import type { Migration } from '../db/migrations.js';

/** Work tables that workers claim rows from (filled by projections; see DESIGN.md, Side effects). */
export const workMigrations: Migration[] = [];
