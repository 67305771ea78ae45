import { expect } from 'chai';
import type { Queryable } from '../../src/db/database.js';
import type { Runtime } from '../../src/runtime.js';

/** Every row of `table` as JSON text, sorted, so two snapshots compare with deep equality. */
export async function snapshotTable(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
  return rows.rows.map((r) => r.row).sort();
}

/**
 * Rebuilds every projector from the log (as `feedbackctl reproject --all`) and expects `tables` to
 * come back exactly as they were; returns the live snapshots for further checks.
 */
export async function expectRebuildEqualsLive({ db, engine }: Pick<Runtime, 'db' | 'engine'>, tables: string[]): Promise<Record<string, string[]>> {
  const live: Record<string, string[]> = {};
  for (const table of tables) live[table] = await snapshotTable(db, table);
  await engine.stop();
  try {
    await engine.reset(engine.projectorNames);
    await engine.catchUp();
    for (const table of tables) expect(await snapshotTable(db, table), table).to.deep.equal(live[table]);
  } finally {
    await engine.start();
  }
  return live;
}
