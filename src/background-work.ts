import type { Analyzer } from './analysis/analyzer.js';
import type { ThemeLabeler } from './analysis/labeler.js';
import type { Runtime } from './runtime.js';
import { ANALYSIS_BATCHES_IN_FLIGHT, AnalysisWorker } from './work/analysis-worker.js';
import { ClusteringWorker } from './work/clustering/clustering-worker.js';
import { reclusterAll } from './work/clustering/recluster.js';
import { ERASURE_MAINTENANCE_EVERY_MS, runErasureMaintenance } from './work/erasure-maintenance.js';
import { eraseLeftoverStreams } from './work/erasure-worker.js';
import { QuestionEvaluator } from './work/questions/question-evaluator.js';
import { AT_RISK_RESCORE_EVERY_MS, markAtRiskUsersDue, UserHealthWorker } from './work/user-health/user-health-worker.js';
import { WorkerLoop, type ScheduledLoop } from './support/worker-loop.js';
import { scheduleFeedbackDeletions } from './processes/feedback-deletion/schedule.js';
import { scheduleUserErasures } from './processes/user-erasure/schedule.js';
import { scheduleIdentityMerges } from './processes/identity-merge/schedule.js';
import { WebhookDeliveryWorker } from './webhooks/delivery-worker.js';
import { DELIVERY_RETENTION_EVERY_MS, pruneSlackAlerts, pruneWebhookDeliveries } from './webhooks/retention.js';
import { SlackAlertWorker } from './notifications/slack/slack-alert-worker.js';
import { DIGEST_CHECK_EVERY_MS, DigestWorker } from './notifications/digest/digest-worker.js';
import { scheduleTranscriptExtraction } from './processes/transcript-extraction/schedule.js';
import type { QuoteExtractor } from './transcripts/extraction/quote-extractor.js';
import type { RecordedEvent } from './eventstore/event-store.js';
import { queueAnalysis } from './reactors/queue-analysis/reactor.js';
import { queueClustering } from './reactors/queue-clustering/reactor.js';
import { queueDefinedThemeSweeps } from './reactors/queue-defined-theme-sweeps/reactor.js';
import { sweepDefinedThemes } from '../commands/move-into-defined-themes/handler.js';
import { definitionVectors } from './work/defined-themes/definition-vectors.js';
import { queueQuestionEvaluations } from './reactors/queue-question-evaluations/reactor.js';
import { queueUserHealth } from './reactors/queue-user-health/reactor.js';
import { webhookOutbox } from './reactors/webhook-outbox/reactor.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

const RECLUSTER_EVERY_MS = 10 * 60_000;

/**
 * The `worker` role, a list of scheduled loops: analysis, clustering, tracked-question verdicts, user
 * health, webhook deliveries, leftover erasures, the periodic passes, and the processes (each
 * registered by its own `src/processes/<name>/schedule.ts`). A batch of the log wakes at once the
 * loops whose `wakesOn` names one of its events (an idle loop otherwise looks again after its interval).
 */
export function startBackgroundWork(runtime: Runtime, analyzer: () => Promise<Analyzer>, labeler: ThemeLabeler, extractor: QuoteExtractor): BackgroundWork {
  const analysis = new AnalysisWorker(runtime, analyzer);
  const definitions = definitionVectors(analyzer, runtime.logger);
  const clustering = new ClusteringWorker(runtime, labeler, { definitions });
  const webhooks = new WebhookDeliveryWorker(runtime);
  const webhookLoop = new WorkerLoop('webhook-delivery', () => webhooks.runOnce(), runtime.logger);
  webhooks.onSlotFreed = () => webhookLoop.wake();
  const questions = new QuestionEvaluator(runtime, analyzer);
  const health = new UserHealthWorker(runtime);
  const healthLoop = new WorkerLoop('user-health', () => health.runOnce(), runtime.logger);
  const slack = new SlackAlertWorker(runtime);
  const digests = new DigestWorker(runtime);
  const loop = (name: string, runOnce: () => Promise<number>, idleMs?: number) => new WorkerLoop(name, runOnce, runtime.logger, idleMs);
  // Each queue wakes after the event types of the reactor that fills it; the other loops look again after their interval.
  const scheduled: ScheduledLoop[] = [
    ...Array.from({ length: ANALYSIS_BATCHES_IN_FLIGHT }, (_, i) => ({
      loop: loop(`analysis-${i + 1}`, () => analysis.runOnce()),
      wakesOn: queueAnalysis.handles,
    })),
    { loop: loop('question-evaluation', () => questions.runOnce()), wakesOn: queueQuestionEvaluations.handles },
    { loop: healthLoop, wakesOn: queueUserHealth.handles },
    { loop: loop('clustering', () => clustering.runOnce()), wakesOn: queueClustering.handles },
    // A project whose clustering lease is busy stays queued and is tried again after the idle wait.
    { loop: loop('defined-themes', () => sweepDefinedThemes(runtime, definitions)), wakesOn: queueDefinedThemeSweeps.handles },
    { loop: webhookLoop, wakesOn: webhookOutbox.handles },
    { loop: loop('slack-alerts', () => slack.runOnce()), wakesOn: webhookOutbox.handles },
    scheduleTranscriptExtraction(runtime, extractor),
    { loop: loop('erasure', () => eraseLeftoverStreams(runtime), 5000) },
    scheduleFeedbackDeletions(runtime),
    scheduleUserErasures(runtime),
    scheduleIdentityMerges(runtime),
    { loop: loop('erasure-maintenance', async () => (await runErasureMaintenance(runtime), 0), ERASURE_MAINTENANCE_EVERY_MS) },
    {
      loop: loop(
        'webhook-retention',
        async () => (await pruneWebhookDeliveries(runtime.db, runtime.clock.now()), await pruneSlackAlerts(runtime.db, runtime.clock.now()), 0),
        DELIVERY_RETENTION_EVERY_MS,
      ),
    },
    {
      loop: loop(
        'health-at-risk-rescore',
        async () => {
          if ((await markAtRiskUsersDue(runtime.db)) > 0) healthLoop.wake();
          return 0; // the next pass waits the interval, however many were marked
        },
        AT_RISK_RESCORE_EVERY_MS,
      ),
    },
    { loop: loop('digests', () => digests.runOnce(), DIGEST_CHECK_EVERY_MS) },
    { loop: loop('recluster', async () => (await reclusterAll(runtime, labeler), 0), RECLUSTER_EVERY_MS) },
  ];
  const loops = scheduled.map((entry) => entry.loop);
  const wakeQueues = (events: RecordedEvent[]) => {
    for (const { loop, wakesOn } of scheduled) if (wakesOn && events.some((event) => wakesOn.includes(event.type))) loop.wake();
  };
  const unsubscribe = runtime.engine.onAdvanced(wakeQueues);
  for (const loop of loops) loop.start();
  return {
    async stop() {
      unsubscribe();
      await Promise.all(loops.map((loop) => loop.stop()));
      await webhooks.drain();
      digests.close();
    },
  };
}
