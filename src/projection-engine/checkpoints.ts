import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import { START, type LogPosition } from '../eventstore/event-store.js';

export const checkpointMigrations: Migration[] = [
  {
    id: '0002_projection_checkpoints',
    sql: `
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        commit_position numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL
      );
    `,
  },
];

export async function readCheckpoint(db: Queryable, name: string): Promise<LogPosition> {
  const result = await db.query<{ commit_position: string; prepare_position: string }>(
    `SELECT commit_position::text, prepare_position::text FROM projection_checkpoints WHERE name = $1`,
    [name],
  );
  const row = result.rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

/** Reads the checkpoint under a row lock, creating it at the start of the log if missing. */
export async function lockCheckpoint(db: Queryable, name: string): Promise<LogPosition> {
  const result = await db.query<{ commit_position: string; prepare_position: string }>(
    `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, -1, -1)
     ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
     RETURNING commit_position::text, prepare_position::text`,
    [name],
  );
  const row = result.rows[0];
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

export async function writeCheckpoint(db: Queryable, name: string, position: LogPosition): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}

export async function deleteCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [name]);
}
