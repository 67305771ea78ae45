import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { CoreServices } from '../services.js';
import { ERASABLE_TABLES } from './erasure-requests.js';

/**
 * The worker role runs the pass at most this often (and at start); a hard delete is physically
 * complete within this interval plus the pass's own duration.
 */
export const ERASURE_MAINTENANCE_EVERY_MS = 5 * 60_000;

let walWarningLogged = false;

/**
 * Physically removes what erasures left behind. DELETE only marks rows dead, and plain VACUUM
 * frees their space without overwriting it, so the bytes stay readable in the files. VACUUM FULL
 * writes each touched table, its TOAST table and its indexes into new files and drops the old
 * ones. Then the WAL, which still holds the inserted rows, is switched to a new segment and a
 * checkpoint removes the older segments. Returns the tables rewritten.
 */
export async function runErasureMaintenance(services: Pick<CoreServices, 'db' | 'logger'>): Promise<string[]> {
  const { db, logger } = services;
  const pending = await db.query<{ table_name: string; upto: string }>(
    `SELECT table_name, max(id)::text AS upto FROM erasure_vacuum_requests GROUP BY table_name ORDER BY table_name`,
  );
  if (pending.rows.length === 0) return [];
  const started = Date.now();
  const rewritten: string[] = [];
  for (const { table_name: table, upto } of pending.rows) {
    // Only known names ever reach the SQL text as identifiers.
    if (ERASABLE_TABLES.includes(table)) {
      await rewriteTable(db, table);
      rewritten.push(table);
    }
    await db.query(`DELETE FROM erasure_vacuum_requests WHERE table_name = $1 AND id <= $2`, [table, upto]);
  }
  if (db.engine === 'postgres') await rewriteStatistics(db);
  await retireWal(db, logger);
  logger.info({ tables: rewritten, ms: Date.now() - started }, 'erasure maintenance pass done');
  return rewritten;
}

/** Plain pooled queries: VACUUM refuses to run inside a transaction block. */
async function rewriteTable(db: Database, table: string): Promise<void> {
  // A server's autovacuum samples column values into pg_statistic; ANALYZE replaces those samples.
  // PGlite has no autovacuum, and analysing there would only create such copies.
  await db.query(`VACUUM (FULL${db.engine === 'postgres' ? ', ANALYZE' : ''}) ${table}`);
}

/** Drops the replaced samples' bytes; without superuser the server only warns that it skipped the table. */
async function rewriteStatistics(db: Database): Promise<void> {
  await db.query(`VACUUM (FULL) pg_catalog.pg_statistic`);
}

async function retireWal(db: Database, logger: Logger): Promise<void> {
  try {
    await db.query(`SELECT pg_switch_wal()`);
    await db.query(`CHECKPOINT`);
  } catch (error) {
    if (walWarningLogged) return;
    walWarningLogged = true;
    logger.warn(
      { code: (error as { code?: string }).code },
      'erasure maintenance cannot switch the WAL or checkpoint (needs superuser, or EXECUTE on pg_switch_wal and pg_checkpoint); erased rows stay in WAL segments until the server removes them',
    );
  }
}
