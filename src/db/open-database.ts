import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PoolDatabase, type Database } from './database.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { restrictDataDirToOwner } from './data-dir-permissions.js';
import { createEmbeddedDatabase } from './create-embedded-database.js';
import { embeddedDatabaseExists } from './embedded-database-exists.js';
import { PriorityGate } from './priority.js';
import { WireStream } from './wire-stream.js';
import { pgliteBackend } from './pglite-backend.js';
import { runMigrations, type Migration } from './migrations.js';

// bigint columns (positions, counts) come back as strings by default; these stay exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A directory for embedded PGlite, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** Who holds the embedded data directory, shown to a second process that tries to open it. */
  holder: string;
  /** Errors of idle pooled connections (e.g. a server restart); without a handler they would crash the process. */
  onConnectionError?: (error: Error) => void;
  /** Called when an existing embedded data directory had entries other local users could read (they are now owner-only). */
  onPermissionsTightened?: (entries: number) => void;
  /** Applied before the database is handed out (see `runMigrations`). */
  migrations?: Migration[];
}

// Recycled WAL segments keep their old bytes (erased text among them) until overwritten; removed ones do not.
// shared_buffers 32MB instead of 128MB: PGlite's buffers live in its WebAssembly memory, which
// never shrinks; a page not in them is one read from the operating system's cache.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_recycle=off', '-c', 'shared_buffers=32MB'];

async function openLite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const lite = new PGlite({ dataDir, extensions: { vector }, startParams: START_PARAMS, loadDataDir });
  await lite.waitReady;
  return lite;
}

let inMemoryImage: Promise<Blob> | undefined;

/**
 * What every in-memory database of this process starts from: a copy of the first one, just
 * initialised. Initialising takes seconds of CPU and grows PGlite's memory for good; loading the
 * copy (some 40 MB, kept) takes a fraction of that.
 */
function freshInMemoryImage(): Promise<Blob> {
  inMemoryImage ??= (async () => {
    const lite = await openLite('memory://');
    try {
      await lite.exec('CREATE EXTENSION IF NOT EXISTS vector');
      return await lite.dumpDataDir('none');
    } finally {
      await lite.close();
    }
  })().catch((error: unknown) => {
    inMemoryImage = undefined;
    throw error;
  });
  return inMemoryImage;
}

const migratedImages = new Map<string, Promise<Blob>>();

/**
 * What an in-memory database with `migrations` starts from: a copy of the first one this process migrated
 * with the same set, once there is one (migrating takes seconds of CPU; the copy loads like the fresh one).
 */
async function migratedInMemoryImage(migrations: Migration[]): Promise<Blob | undefined> {
  return migratedImages.get(migrationSet(migrations))?.catch(() => undefined);
}

/** Keeps a copy of `lite`, just migrated with `migrations` and not used yet, for the next in-memory databases. */
async function keepMigratedImage(lite: PGlite, db: Database, migrations: Migration[]): Promise<void> {
  const key = migrationSet(migrations);
  if (migratedImages.has(key)) return;
  // Through the connection: once it has been used, PGlite's own query methods no longer read their answers.
  const image = db.query('CHECKPOINT').then(() => lite.dumpDataDir('none'));
  migratedImages.set(key, image);
  await image.catch(() => migratedImages.delete(key));
}

const migrationSet = (migrations: Migration[]) =>
  migrations
    .map((m) => m.id)
    .sort()
    .join('\n');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { db, afterMigrations } = await openUnmigrated(options);
  if (!options.migrations) return db;
  try {
    await runMigrations(db, options.migrations);
    await afterMigrations?.();
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function openUnmigrated(options: DatabaseOptions): Promise<{ db: Database; afterMigrations?: () => Promise<void> }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (error) => options.onConnectionError?.(error));
    await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
    return { db: new PoolDatabase('postgres', pool) };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const existedBefore = !inMemory && embeddedDatabaseExists(options.dataDir);
  if (!inMemory) {
    const loose = restrictDataDirToOwner(options.dataDir);
    if (existedBefore && loose > 0) options.onPermissionsTightened?.(loose);
  }
  const release = inMemory ? () => {} : acquireDataDirLock(options.dataDir, options.holder);
  try {
    if (!inMemory && !existedBefore) await createEmbeddedDatabase(options.dataDir, START_PARAMS);
    const migrations = inMemory ? options.migrations : undefined;
    const migrated = migrations && (await migratedInMemoryImage(migrations));
    const lite = await openLite(options.dataDir, inMemory ? (migrated ?? (await freshInMemoryImage())) : undefined);
    if (!inMemory) restrictDataDirToOwner(options.dataDir);
    const backend = pgliteBackend(lite);
    // One connection for the database's life: PGlite has one session.
    const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, user: 'postgres', database: 'postgres', stream: () => new WireStream(backend) });
    await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
    const db = new PoolDatabase(
      'pglite',
      pool,
      async () => {
        await lite.close();
        if (!inMemory) restrictDataDirToOwner(options.dataDir);
        release();
      },
      new PriorityGate(),
    );
    // The first in-memory database of a set of migrations is copied once migrated, before it is used.
    const afterMigrations = migrations && !migrated ? () => keepMigratedImage(lite, db, migrations) : undefined;
    return { db, afterMigrations };
  } catch (error) {
    release();
    throw error;
  }
}
