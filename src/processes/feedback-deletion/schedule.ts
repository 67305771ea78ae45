import type { CoreServices } from '../../services.js';
import { WorkerLoop, type ScheduledLoop } from '../../support/worker-loop.js';
import { resumeFeedbackDeletions } from './resume.js';

/** The worker role looks for deletions no request finished every 5 s. */
export const scheduleFeedbackDeletions = (services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>): ScheduledLoop => ({
  loop: new WorkerLoop('feedback-deletions', () => resumeFeedbackDeletions(services), services.logger, 5000),
});
