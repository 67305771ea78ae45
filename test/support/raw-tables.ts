import type { Queryable } from '../../src/db/database.js';

/**
 * The tables (any row, read as text, case-insensitively) that contain `needle`: the event log, the
 * read models, the work tables and the webhook outbox alike. Erasure tests search for values no
 * other test uses, so a hit is a copy the erased user left behind.
 */
export async function tablesContaining(db: Queryable, needle: string): Promise<string[]> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE position(lower($1) in lower(t::text)) > 0`, [needle]);
    if (result.rows[0].n > 0) found.push(table_name);
  }
  return found;
}
