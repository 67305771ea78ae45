import type { CoreServices } from '../services.js';
import { eraseDeletedStream } from './erase-stream.js';

/** Finishes erasures that a crash interrupted between the deletion event and the log erasure. */
export async function eraseLeftoverStreams(services: Pick<CoreServices, 'db' | 'store' | 'engine'>): Promise<number> {
  const jobs = await services.db.query<{ stream: string }>(`SELECT stream FROM erasure_jobs ORDER BY prepare_position LIMIT 50`);
  let erased = 0;
  for (const job of jobs.rows) if (await eraseDeletedStream(services, job.stream)) erased++;
  return erased;
}
