import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { embeddedDatabaseExists } from '../db/embedded-database-exists.js';

export class DataDirMissingError extends Error {}

/**
 * Only `project create` (and `serve`) may start a new embedded database: any other command on a
 * mistyped DATA_DIR would otherwise report an empty one as if it were the real thing.
 */
export function requireEmbeddedDatabase(config: Config, mayCreate: boolean): void {
  if (config.databaseUrl || config.dataDir.startsWith('memory://') || mayCreate) return;
  if (embeddedDatabaseExists(config.dataDir)) return;
  const directory = path.resolve(config.dataDir);
  const problem = fs.existsSync(directory) ? 'holds no database' : 'does not exist';
  throw new DataDirMissingError(
    `The data directory ${directory} ${problem} (DATA_DIR=${config.dataDir}). ` +
      `Create it with "feedbackctl project create --name NAME" or "feedbackctl serve", or set DATA_DIR to the existing one.`,
  );
}
