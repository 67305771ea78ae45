import fs from 'node:fs';
import path from 'node:path';

/** Whether `dataDir` already holds an embedded database (opening one that does not creates it). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}
