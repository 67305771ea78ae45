import type { CoreServices } from '../../services.js';
import { WorkerLoop, type ScheduledLoop } from '../../support/worker-loop.js';
import { runPendingUserErasures } from './resume.js';

/** The worker role runs pending erasures, looking for a new one every second. */
export const scheduleUserErasures = (services: Pick<CoreServices, 'config' | 'db' | 'store' | 'clock' | 'engine' | 'logger'>): ScheduledLoop => ({
  loop: new WorkerLoop('user-erasures', () => runPendingUserErasures(services, { batchSize: services.config.userErasureBatch }), services.logger, 1000),
});
