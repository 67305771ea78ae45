import type { Queryable } from '../../db/database.js';
import { reactor } from '../../projection-engine/projection.js';
import { outboxEntryFor, processedAnalysisOf, type EnvelopeFacts, type ProcessedAnalysis, type SourceEvent } from './envelopes.js';
import { webhookOutboxMigrations } from './migration.js';
import { queueSlackAlert, trackSlackChannel } from './slack-alerts.js';

/** Items created more than this long before they were received are backfills (spec 6). */
const BACKFILL_MS = 48 * 3600_000;

/**
 * The webhook outbox. Keeps its own copy of the endpoints in log order and, for each event that is a
 * webhook event, adds a delivery for every endpoint of the project that is active and subscribed to
 * the kind at that point of the log (an endpoint created later never gets earlier events). Never
 * reset, so a `reproject --all` sends nothing again; every effect is idempotent. The project's Slack
 * alerts are queued here too, under the same backfill rule.
 */
export const webhookOutbox = reactor({
  name: 'webhook-outbox',
  handles: [
    'WebhookEndpointCreated',
    'WebhookEndpointPaused',
    'WebhookEndpointResumed',
    'WebhookEndpointAutoDisabled',
    'WebhookEndpointDeleted',
    'ProjectSettingsChanged',
    'FeedbackSubmitted',
    'FeedbackDeleted',
    'FeedbackProcessed',
    'FeedbackClustered',
    'ClusterSpiking',
    'ClusterRegressed',
    'ClusterResolved',
    'QuestionVerdictChanged',
    'UserHealthChanged',
  ],
  migrations: webhookOutboxMigrations,
  applyRun: {
    async FeedbackSubmitted(events, tx) {
      const backfilled = events.filter((event) => isBackfill(event.data)).map((event) => event.data.feedbackId);
      if (backfilled.length === 0) return;
      await tx.query(`INSERT INTO webhook_backfilled_items (feedback_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [backfilled]);
    },
    // The analysis waits for the item's theme, with which `feedback.processed` goes out: one upsert for the run.
    async FeedbackProcessed(events, tx) {
      const latest = [...new Map(events.map((event) => [event.data.feedbackId, event.data])).values()];
      await tx.query(
        `INSERT INTO webhook_analyses_awaiting_theme (feedback_id, analysis) SELECT * FROM unnest($1::text[], $2::jsonb[])
         ON CONFLICT (feedback_id) DO UPDATE SET analysis = EXCLUDED.analysis`,
        [latest.map((d) => d.feedbackId), latest.map((d) => JSON.stringify(processedAnalysisOf(d.analysis)))],
      );
    },
    async FeedbackDeleted(events, tx) {
      const ids = events.map((e) => e.data.feedbackId);
      await tx.query(`DELETE FROM webhook_backfilled_items WHERE feedback_id = ANY ($1::text[])`, [ids]);
      await tx.query(`DELETE FROM webhook_analyses_awaiting_theme WHERE feedback_id = ANY ($1::text[])`, [ids]);
    },
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'WebhookEndpointCreated':
        await tx.query(
          `INSERT INTO webhook_endpoints (endpoint_id, project_id, url, events, secret_ciphertext, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [event.data.endpointId, event.data.projectId, event.data.url, event.data.events, event.data.secretCiphertext, event.data.at],
        );
        return;
      case 'WebhookEndpointPaused':
        await tx.query(`UPDATE webhook_endpoints SET active = false, disabled_reason = 'paused' WHERE endpoint_id = $1`, [event.data.endpointId]);
        return;
      case 'WebhookEndpointAutoDisabled':
        await tx.query(`UPDATE webhook_endpoints SET active = false, disabled_reason = 'failing' WHERE endpoint_id = $1`, [event.data.endpointId]);
        return;
      case 'WebhookEndpointResumed':
        // Spec 3.4: resuming clears the failure streak and its clock.
        await tx.query(
          `UPDATE webhook_endpoints SET active = true, disabled_reason = NULL, failing_since = NULL, consecutive_failures = 0 WHERE endpoint_id = $1`,
          [event.data.endpointId],
        );
        return;
      case 'WebhookEndpointDeleted':
        await tx.query(`DELETE FROM webhook_deliveries WHERE endpoint_id = $1`, [event.data.endpointId]);
        await tx.query(`DELETE FROM webhook_endpoints WHERE endpoint_id = $1`, [event.data.endpointId]);
        return;
      case 'ProjectSettingsChanged':
        await trackSlackChannel(tx, event.data.projectId, event.data.changes);
        return;
      case 'FeedbackSubmitted':
        if (isBackfill(event.data)) {
          await tx.query(`INSERT INTO webhook_backfilled_items (feedback_id) VALUES ($1) ON CONFLICT DO NOTHING`, [event.data.feedbackId]);
        }
        return;
      case 'FeedbackDeleted':
        await tx.query(`DELETE FROM webhook_backfilled_items WHERE feedback_id = $1`, [event.data.feedbackId]);
        await tx.query(`DELETE FROM webhook_analyses_awaiting_theme WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
      case 'FeedbackProcessed':
        await tx.query(
          `INSERT INTO webhook_analyses_awaiting_theme (feedback_id, analysis) VALUES ($1, $2) ON CONFLICT (feedback_id) DO UPDATE SET analysis = EXCLUDED.analysis`,
          [event.data.feedbackId, JSON.stringify(processedAnalysisOf(event.data.analysis))],
        );
        return;
      case 'FeedbackClustered': {
        // Only the first theme completes processing; a re-embedded item joining again finds nothing waiting.
        const waiting = await tx.query<{ analysis: ProcessedAnalysis }>(
          `DELETE FROM webhook_analyses_awaiting_theme WHERE feedback_id = $1 RETURNING analysis`,
          [event.data.feedbackId],
        );
        if (waiting.rows[0]) await enqueue(event, tx, { analysis: waiting.rows[0].analysis });
        return;
      }
      default:
        await enqueue(event, tx);
    }
  },
});

const isBackfill = (d: { backfill?: boolean; receivedAt: string; createdAt: string }) =>
  d.backfill === true || Date.parse(d.receivedAt) - Date.parse(d.createdAt) > BACKFILL_MS;

/**
 * The theme's end users as the read model has them when the delivery is enqueued: `ClusterResolved`
 * names nobody, so that no user id stays in the log after their erasure.
 */
async function themeUserIds(tx: Queryable, clusterId: string): Promise<string[]> {
  const users = await tx.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM cluster_members WHERE cluster_id = $1 AND user_id IS NOT NULL ORDER BY user_id`,
    [clusterId],
  );
  return users.rows.map((row) => row.user_id);
}

async function enqueue(event: SourceEvent, tx: Queryable, facts: EnvelopeFacts = {}): Promise<void> {
  const entry = outboxEntryFor(event, event.type === 'ClusterResolved' ? { themeUserIds: await themeUserIds(tx, event.data.clusterId) } : facts);
  if (entry.triggeredByFeedbackId) {
    const backfilled = await tx.query(`SELECT 1 FROM webhook_backfilled_items WHERE feedback_id = $1`, [entry.triggeredByFeedbackId]);
    if (backfilled.rows.length > 0) return;
  }
  await queueSlackAlert(tx, entry, event.position.prepare);
  if (entry.slackOnly) return;
  await tx.query(
    `INSERT INTO webhook_deliveries (event_id, endpoint_id, project_id, kind, occurred_at, data, seq)
     SELECT $1, endpoint_id, project_id, $3, $4, $5, $6 FROM webhook_endpoints
      WHERE project_id = $2 AND active AND $3 = ANY (events)
     ON CONFLICT DO NOTHING`,
    [entry.eventId, entry.projectId, entry.kind, entry.occurredAt, JSON.stringify(entry.data), event.position.prepare.toString()],
  );
}
