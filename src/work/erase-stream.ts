import type { CoreServices } from '../services.js';
import { finishErasure } from './erasure-requests.js';

/**
 * Erases a deleted item's stream from the log once every projection has applied its deletion
 * (a projection that had not yet read the stream would otherwise never see the item leave).
 * Idempotent: the erasure worker repeats it for jobs a crash left behind.
 */
export async function eraseDeletedStream(services: Pick<CoreServices, 'db' | 'store' | 'engine'>, stream: string): Promise<boolean> {
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
