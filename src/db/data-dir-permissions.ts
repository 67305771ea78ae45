import fs from 'node:fs';
import path from 'node:path';

const OWNER_ONLY_DIRECTORY = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * Makes the embedded data directory readable by its owner only: the directory and every folder in
 * it 0700, every file 0600. PGlite creates its files 0666 whatever the umask, so this runs when
 * the database is created, opened and closed; files it creates in between sit inside a 0700
 * directory, which no other local user can enter. Returns how many entries were looser.
 */
export function restrictDataDirToOwner(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  let tightened = 0;
  const restrict = (at: string, stats: fs.Stats) => {
    const wanted = stats.isDirectory() ? OWNER_ONLY_DIRECTORY : OWNER_ONLY_FILE;
    if ((stats.mode & 0o077) === 0) return;
    fs.chmodSync(at, (stats.mode & 0o700) | wanted);
    tightened += 1;
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const stats = fs.lstatSync(at);
      restrict(at, stats);
      if (stats.isDirectory()) walk(at);
    }
  };
  restrict(dataDir, fs.lstatSync(dataDir));
  walk(dataDir);
  return tightened;
}
