import { comparePositions, type LogPosition } from '../eventstore/event-store.js';
import type { CoreServices } from '../services.js';
import { finishErasure, finishErasures } from './erasure-requests.js';

type ErasureServices = Pick<CoreServices, 'db' | 'store' | 'engine'>;

/**
 * Erases a deleted item's stream from the log once every projection has applied its deletion
 * (a projection that had not yet read the stream would otherwise never see the item leave).
 * Idempotent: the erasure worker repeats it for jobs a crash left behind.
 */
export async function eraseDeletedStream(services: ErasureServices, stream: string): Promise<boolean> {
  const job = await services.db.query<{ commit_position: string; prepare_position: string }>(
    `SELECT commit_position::text, prepare_position::text FROM erasure_jobs WHERE stream = $1`,
    [stream],
  );
  const row = job.rows[0];
  if (!row) return false;
  const reached = await services.engine.waitFor({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });
  if (!reached) return false;
  await services.store.erase(stream);
  await finishErasure(services.db, stream);
  return true;
}

/**
 * `eraseDeletedStream` for many streams (a user erasure's batch): one wait for the latest of their
 * deletions, one log erasure, one transaction closing the jobs. Returns the streams erased; a
 * stream without a job (erased already, or its deletion not yet seen by the reactor) is left out.
 */
export async function eraseDeletedStreams(services: ErasureServices, streams: readonly string[], timeoutMs?: number): Promise<string[]> {
  if (streams.length === 0) return [];
  const jobs = await services.db.query<{ stream: string; commit_position: string; prepare_position: string }>(
    `SELECT stream, commit_position::text, prepare_position::text FROM erasure_jobs WHERE stream = ANY ($1::text[])`,
    [streams],
  );
  if (jobs.rows.length === 0) return [];
  let latest: LogPosition | undefined;
  for (const row of jobs.rows) {
    const position = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
    if (!latest || comparePositions(position, latest) > 0) latest = position;
  }
  if (!(await services.engine.waitFor(latest!, timeoutMs))) return [];
  const erased = jobs.rows.map((row) => row.stream);
  await services.store.eraseStreams(erased);
  await finishErasures(services.db, erased);
  return erased;
}
