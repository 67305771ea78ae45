import type { Queryable } from '../../src/db/database.js';

/** Every row of `table` as JSON text, sorted, so two snapshots compare with deep equality. */
export async function snapshotTable(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
  return rows.rows.map((r) => r.row).sort();
}
