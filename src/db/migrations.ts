import type { Database } from './database.js';

export interface Migration {
  /** Globally unique and sortable, e.g. `0001_event_store`; applied in id order, once. */
  id: string;
  sql: string;
}

export async function runMigrations(db: Database, migrations: Migration[]): Promise<string[]> {
  const ordered = [...migrations].sort((a, b) => a.id.localeCompare(b.id));
  const ids = new Set<string>();
  for (const migration of ordered) {
    if (ids.has(migration.id)) throw new Error(`Duplicate migration id ${migration.id}`);
    ids.add(migration.id);
  }
  return db.transaction(async (tx) => {
    // Several processes may start at once against one PostgreSQL server.
    await tx.query(`SELECT pg_advisory_xact_lock(727001)`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await tx.query<{ id: string }>(`SELECT id FROM schema_migrations`)).rows.map((r) => r.id));
    const newlyApplied: string[] = [];
    for (const migration of ordered) {
      if (applied.has(migration.id)) continue;
      await tx.query(migration.sql);
      await tx.query(`INSERT INTO schema_migrations (id) VALUES ($1)`, [migration.id]);
      newlyApplied.push(migration.id);
    }
    return newlyApplied;
  });
}
