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
import { WorkerLoop } from './support/worker-loop.js';
import { resumeFeedbackDeletions } from './processes/feedback-deletion/resume.js';
import { runPendingUserErasures } from './processes/user-erasure/resume.js';
import { resumeIdentityMerges } from './processes/identity-merge/resume.js';
import { WebhookDeliveryWorker } from './webhooks/delivery-worker.js';
import { DELIVERY_RETENTION_EVERY_MS, pruneSlackAlerts, pruneWebhookDeliveries } from './webhooks/retention.js';
import { SlackAlertWorker } from './notifications/slack/slack-alert-worker.js';
import { DIGEST_CHECK_EVERY_MS, DigestWorker } from './notifications/digest/digest-worker.js';
import { TranscriptExtractionWorker } from './processes/transcript-extraction/worker.js';
import type { QuoteExtractor } from './transcripts/extraction/quote-extractor.js';
import type { RecordedEvent } from './eventstore/event-store.js';
import { queueAnalysis } from './reactors/queue-analysis/reactor.js';
import { queueClustering } from './reactors/queue-clustering/reactor.js';
import { queueDefinedThemeSweeps } from './reactors/queue-defined-theme-sweeps/reactor.js';
import { sweepDefinedThemes } from '../commands/move-into-defined-themes/handler.js';
import { queueQuestionEvaluations } from './reactors/queue-question-evaluations/reactor.js';
import { queueUserHealth } from './reactors/queue-user-health/reactor.js';
import { webhookOutbox } from './reactors/webhook-outbox/reactor.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

const RECLUSTER_EVERY_MS = 10 * 60_000;

/**
 * The `worker` role: analysis, clustering, tracked-question verdicts, user health, webhook deliveries, leftover erasures, and the periodic theme-drift pass.
 * A batch of the log wakes at once the queue workers whose reactors handle one of its events (an idle
 * worker otherwise looks again every 500 ms).
 */
export function startBackgroundWork(runtime: Runtime, analyzer: () => Promise<Analyzer>, labeler: ThemeLabeler, extractor: QuoteExtractor): BackgroundWork {
  const analysis = new AnalysisWorker(runtime, analyzer);
  const clustering = new ClusteringWorker(runtime, labeler);
  const webhooks = new WebhookDeliveryWorker(runtime);
  const extraction = new TranscriptExtractionWorker(runtime, () => Promise.resolve(extractor));
  const webhookLoop = new WorkerLoop('webhook-delivery', () => webhooks.runOnce(), runtime.logger);
  webhooks.onSlotFreed = () => webhookLoop.wake();
  const questions = new QuestionEvaluator(runtime, analyzer);
  const health = new UserHealthWorker(runtime);
  const healthLoop = new WorkerLoop('user-health', () => health.runOnce(), runtime.logger);
  const slack = new SlackAlertWorker(runtime);
  const digests = new DigestWorker(runtime);
  // Each queue with the event types after which its work may have grown: those of the reactor that fills it.
  const queues: [WorkerLoop, readonly string[]][] = [
    ...Array.from({ length: ANALYSIS_BATCHES_IN_FLIGHT }, (_, i): [WorkerLoop, readonly string[]] => [
      new WorkerLoop(`analysis-${i + 1}`, () => analysis.runOnce(), runtime.logger),
      queueAnalysis.handles,
    ]),
    [new WorkerLoop('question-evaluation', () => questions.runOnce(), runtime.logger), queueQuestionEvaluations.handles],
    [healthLoop, queueUserHealth.handles],
    [new WorkerLoop('clustering', () => clustering.runOnce(), runtime.logger), queueClustering.handles],
    // A project whose clustering lease is busy stays queued and is tried again after the idle wait.
    [new WorkerLoop('defined-themes', () => sweepDefinedThemes(runtime), runtime.logger), queueDefinedThemeSweeps.handles],
    [webhookLoop, webhookOutbox.handles],
    [new WorkerLoop('slack-alerts', () => slack.runOnce(), runtime.logger), webhookOutbox.handles],
    // Its work is written by the command, before the transcript's event.
    [new WorkerLoop('transcript-extraction', () => extraction.runOnce(), runtime.logger), ['TranscriptReceived']],
  ];
  const loops = [
    ...queues.map(([loop]) => loop),
    new WorkerLoop('erasure', () => eraseLeftoverStreams(runtime), runtime.logger, 5000),
    new WorkerLoop('feedback-deletions', () => resumeFeedbackDeletions(runtime), runtime.logger, 5000),
    new WorkerLoop('user-erasures', () => runPendingUserErasures(runtime, { batchSize: runtime.config.userErasureBatch }), runtime.logger, 1000),
    new WorkerLoop('identity-merges', () => resumeIdentityMerges(runtime), runtime.logger, 5000),
    new WorkerLoop('erasure-maintenance', async () => (await runErasureMaintenance(runtime), 0), runtime.logger, ERASURE_MAINTENANCE_EVERY_MS),
    new WorkerLoop(
      'webhook-retention',
      async () => (await pruneWebhookDeliveries(runtime.db, runtime.clock.now()), await pruneSlackAlerts(runtime.db, runtime.clock.now()), 0),
      runtime.logger,
      DELIVERY_RETENTION_EVERY_MS,
    ),
    new WorkerLoop(
      'health-at-risk-rescore',
      async () => {
        if ((await markAtRiskUsersDue(runtime.db)) > 0) healthLoop.wake();
        return 0; // the next pass waits the interval, however many were marked
      },
      runtime.logger,
      AT_RISK_RESCORE_EVERY_MS,
    ),
    new WorkerLoop('digests', () => digests.runOnce(), runtime.logger, DIGEST_CHECK_EVERY_MS),
    new WorkerLoop('recluster', async () => (await reclusterAll(runtime, labeler), 0), runtime.logger, RECLUSTER_EVERY_MS),
  ];
  const wakeQueues = (events: RecordedEvent[]) => {
    for (const [loop, types] of queues) if (events.some((event) => types.includes(event.type))) loop.wake();
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
