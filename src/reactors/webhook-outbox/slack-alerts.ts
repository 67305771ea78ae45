import type { Queryable } from '../../db/database.js';
import type { ProjectSettings } from '../../domain/project/events.js';
import type { OutboxEntry } from './envelopes.js';

/** The outbox kinds that become a Slack alert. */
const ALERTED: ReadonlySet<string> = new Set(['cluster.spiking', 'cluster.regressed', 'user.health_changed']);

/**
 * An identified user entering the at-risk band is alerted when their current customer value (the
 * project's `customerValueTrait`) is positive and either at least the project's `slackMinValue`, when
 * one is set, or otherwise in the project's top quartile: fewer than a quarter of the project's users
 * with a positive value have a higher one. Without a customer-value trait no identified user is
 * alerted. A shadow user (known only by an email) has no traits, so no value to rank: unknown is not
 * low, and spec 2.3 has shadow users trigger at-risk alerts, so every one entering the band is alerted.
 */
const HIGH_VALUE_USER = `
  EXISTS (
    SELECT 1 FROM projects p
      JOIN user_value_marks m ON m.project_id = p.project_id AND m.trait = p.settings->>'customerValueTrait' AND m.user_id = $7
     WHERE p.project_id = c.project_id AND m.current > 0
       AND CASE WHEN c.min_value IS NOT NULL THEN m.current >= c.min_value
                ELSE 4 * (SELECT count(*) FROM user_value_marks q WHERE q.project_id = m.project_id AND q.trait = m.trait AND q.current > m.current)
                       < (SELECT count(*) FROM user_value_marks q WHERE q.project_id = m.project_id AND q.trait = m.trait AND q.current > 0)
           END)`;

/**
 * Queues the Slack alert of an outbox entry (spiking, regressed, a user entering the at-risk band)
 * when the project has Slack: one row per event id, so handling the event again adds nothing.
 * The caller has already dropped entries caused by a backfilled item.
 */
export async function queueSlackAlert(tx: Queryable, entry: OutboxEntry, seq: bigint): Promise<void> {
  if (!ALERTED.has(entry.kind)) return;
  const valueRanked = entry.kind === 'user.health_changed' && entry.data.shadow !== true;
  const userId = valueRanked ? String(entry.data.userId) : null;
  await tx.query(
    `INSERT INTO slack_alerts (event_id, project_id, kind, occurred_at, data, seq)
     SELECT $1, c.project_id, $3, $4, $5, $6 FROM slack_channels c
      WHERE c.project_id = $2 AND c.webhook_ciphertext IS NOT NULL
        AND ($7::text IS NULL OR ${HIGH_VALUE_USER})
     ON CONFLICT DO NOTHING`,
    [entry.eventId, entry.projectId, entry.kind, entry.occurredAt, JSON.stringify(entry.data), seq.toString(), userId],
  );
}

/**
 * Keeps the project's Slack channel as the log says at this point. Clearing the webhook drops the
 * alerts not yet sent; a new URL takes over the pending ones.
 */
export async function trackSlackChannel(tx: Queryable, projectId: string, changes: Partial<ProjectSettings>): Promise<void> {
  const webhook = 'slackWebhookCiphertext' in changes;
  const minValue = 'slackMinValue' in changes;
  if (!webhook && !minValue) return;
  await tx.query(`INSERT INTO slack_channels (project_id) VALUES ($1) ON CONFLICT DO NOTHING`, [projectId]);
  if (webhook) await tx.query(`UPDATE slack_channels SET webhook_ciphertext = $2 WHERE project_id = $1`, [projectId, changes.slackWebhookCiphertext ?? null]);
  if (minValue) await tx.query(`UPDATE slack_channels SET min_value = $2 WHERE project_id = $1`, [projectId, changes.slackMinValue ?? null]);
  if (webhook && !changes.slackWebhookCiphertext) await tx.query(`DELETE FROM slack_alerts WHERE project_id = $1 AND status = 'pending'`, [projectId]);
}
