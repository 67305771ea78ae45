import type { CoreServices } from '../../services.js';
import { WorkerLoop, type ScheduledLoop } from '../../support/worker-loop.js';
import { resumeIdentityMerges } from './resume.js';

/** The worker role looks for confirmed merges no command finished every 5 s. */
export const scheduleIdentityMerges = (services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>): ScheduledLoop => ({
  loop: new WorkerLoop('identity-merges', () => resumeIdentityMerges(services), services.logger, 5000),
});
