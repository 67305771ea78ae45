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

/** Reads the checkpoints under row locks (in name order), creating missing ones at the start of the log. */
export async function lockCheckpoints(db: Queryable, names: string[]): Promise<Map<string, LogPosition>> {
  const result = await db.query<{ name: string; commit_position: string; prepare_position: string }>(
    `INSERT INTO projection_checkpoints (name, commit_position, prepare_position)
     SELECT name, -1, -1 FROM unnest($1::text[]) AS name ORDER BY name
     ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
     RETURNING name, commit_position::text, prepare_position::text`,
    [names],
  );
  return new Map(result.rows.map((row) => [row.name, { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }]));
}

export async function writeCheckpoints(db: Queryable, names: string[], position: LogPosition): Promise<void> {
  if (names.length === 0) return;
  await db.query(`UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3 WHERE name = ANY($1::text[])`, [
    names,
    position.commit.toString(),
    position.prepare.toString(),
  ]);
}

export async function deleteCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [name]);
}
