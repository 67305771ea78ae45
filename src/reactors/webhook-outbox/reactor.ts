import type { Queryable } from '../../db/database.js';
import { reactor } from '../../projection-engine/projection.js';
import { outboxEntryFor, type SourceEvent } from './envelopes.js';
import { webhookOutboxMigrations } from './migration.js';

/** Items created more than this long before they were received are backfills (spec 6). */
const BACKFILL_MS = 48 * 3600_000;

/**
 * The webhook outbox. Keeps its own copy of the endpoints in log order and, for each event that is a
 * webhook event, adds a delivery for every endpoint of the project that is active and subscribed to
 * the kind at that point of the log (an endpoint created later never gets earlier events). Never
 * reset, so a `reproject --all` sends nothing again; every effect is idempotent.
 */
export const webhookOutbox = reactor({
  name: 'webhook-outbox',
  handles: [
    'WebhookEndpointCreated',
    'WebhookEndpointPaused',
    'WebhookEndpointResumed',
    'WebhookEndpointAutoDisabled',
    'WebhookEndpointDeleted',
    'FeedbackSubmitted',
    'FeedbackDeleted',
    'FeedbackProcessed',
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
    // feedback.processed has no triggering item to check against backfills: one insert for the run.
    async FeedbackProcessed(events, tx) {
      const entries = events.map((event) => ({ entry: outboxEntryFor(event), seq: event.position.prepare.toString() }));
      await tx.query(
        `INSERT INTO webhook_deliveries (event_id, endpoint_id, project_id, kind, occurred_at, data, seq)
         SELECT r.event_id, e.endpoint_id, e.project_id, r.kind, r.occurred_at, r.data, r.seq
           FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::jsonb[], $6::numeric[]) AS r(event_id, project_id, kind, occurred_at, data, seq)
           JOIN webhook_endpoints e ON e.project_id = r.project_id AND e.active AND r.kind = ANY (e.events)
         ON CONFLICT DO NOTHING`,
        [
          entries.map(({ entry }) => entry.eventId),
          entries.map(({ entry }) => entry.projectId),
          entries.map(({ entry }) => entry.kind),
          entries.map(({ entry }) => entry.occurredAt),
          entries.map(({ entry }) => JSON.stringify(entry.data)),
          entries.map(({ seq }) => seq),
        ],
      );
    },
    async FeedbackDeleted(events, tx) {
      await tx.query(`DELETE FROM webhook_backfilled_items WHERE feedback_id = ANY ($1::text[])`, [events.map((e) => e.data.feedbackId)]);
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
      case 'FeedbackSubmitted':
        if (isBackfill(event.data)) {
          await tx.query(`INSERT INTO webhook_backfilled_items (feedback_id) VALUES ($1) ON CONFLICT DO NOTHING`, [event.data.feedbackId]);
        }
        return;
      case 'FeedbackDeleted':
        await tx.query(`DELETE FROM webhook_backfilled_items WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
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

async function enqueue(event: SourceEvent, tx: Queryable): Promise<void> {
  const entry = outboxEntryFor(event, event.type === 'ClusterResolved' ? { themeUserIds: await themeUserIds(tx, event.data.clusterId) } : {});
  if (entry.triggeredByFeedbackId) {
    const backfilled = await tx.query(`SELECT 1 FROM webhook_backfilled_items WHERE feedback_id = $1`, [entry.triggeredByFeedbackId]);
    if (backfilled.rows.length > 0) return;
  }
  await tx.query(
    `INSERT INTO webhook_deliveries (event_id, endpoint_id, project_id, kind, occurred_at, data, seq)
     SELECT $1, endpoint_id, project_id, $3, $4, $5, $6 FROM webhook_endpoints
      WHERE project_id = $2 AND active AND $3 = ANY (events)
     ON CONFLICT DO NOTHING`,
    [entry.eventId, entry.projectId, entry.kind, entry.occurredAt, JSON.stringify(entry.data), event.position.prepare.toString()],
  );
}
