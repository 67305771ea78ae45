import { Conflict } from '../../domain/errors.js';
import type { CoreServices } from '../../services.js';
import { withClusteringLease } from './lease.js';

const WAIT_MS = 10_000;
const RETRY_MS = 50;

/**
 * Runs a person's edit of a project's themes (merge, move, split) holding the project's clustering
 * lease, so that neither the clustering worker nor the periodic pass moves themes meanwhile. Waits
 * up to 10 s for the lease (a worker holds it for one item at a time); then a 409 to retry.
 */
export async function withThemesHeld<T>(services: Pick<CoreServices, 'db' | 'clock' | 'logger'>, projectId: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const held = await withClusteringLease(services, projectId, work);
    if (held) return held.result;
    if (Date.now() > deadline) throw new Conflict('The themes of this project are being regrouped right now; try again in a few seconds.');
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
