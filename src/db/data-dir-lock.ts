import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

interface LockHolder {
  pid: number;
  command: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/**
 * Embedded PGlite must be opened by one process at a time: a second opener would corrupt it.
 * The lock file names its holder so the second process can say who to stop.
 */
export function acquireDataDirLock(dataDir: string, command: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'feedback-service.lock');
  const me: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' });
      return () => {
        if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirInUseError(
          `The data directory ${path.resolve(dataDir)} is in use by process ${holder.pid} ` +
            `(${holder.command}, since ${holder.startedAt}). Stop that process first, ` +
            `or run against PostgreSQL with DATABASE_URL so several processes can share the database.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
