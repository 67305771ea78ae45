import type { Migration } from '../../db/migrations.js';

/**
 * The webhook outbox, owned by the `webhook-outbox` reactor (never reset by a rebuild):
 * - `webhook_endpoints`: each endpoint as the log says at the reactor's position (so "subscribed at
 *   the time of the event" is exact), with the sealed secret and the delivery health the worker keeps.
 * - `webhook_deliveries`: one row per (event, endpoint), claimed by the delivery worker with SKIP
 *   LOCKED under a lease; `status` pending → delivered, or failed after the last retry.
 * - `webhook_backfilled_items`: ids of items created more than 48 h before they were received, which
 *   never cause `cluster.spiking` or `cluster.regressed`.
 */
export const webhookOutboxMigrations: Migration[] = [
  {
    id: '0700_webhook_outbox',
    sql: `
      CREATE TABLE IF NOT EXISTS webhook_endpoints (
        endpoint_id text PRIMARY KEY,
        project_id text NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        active boolean NOT NULL DEFAULT true,
        disabled_reason text,
        secret_ciphertext text NOT NULL,
        created_at timestamptz NOT NULL,
        failing_since timestamptz,
        last_delivery_at timestamptz,
        last_success_at timestamptz,
        last_status integer,
        consecutive_failures integer NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS webhook_endpoints_project ON webhook_endpoints (project_id, created_at);
      CREATE TABLE IF NOT EXISTS webhook_deliveries (
        event_id text NOT NULL,
        endpoint_id text NOT NULL,
        project_id text NOT NULL,
        kind text NOT NULL,
        occurred_at timestamptz NOT NULL,
        data jsonb NOT NULL,
        seq numeric(20) NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT '-infinity',
        claimed_until timestamptz,
        last_status integer,
        last_error text,
        last_attempt_at timestamptz,
        last_latency_ms integer,
        delivered_at timestamptz,
        PRIMARY KEY (event_id, endpoint_id)
      );
      CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (endpoint_id, seq) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS webhook_deliveries_claimed ON webhook_deliveries (endpoint_id) WHERE claimed_until IS NOT NULL;
      CREATE TABLE IF NOT EXISTS webhook_backfilled_items (feedback_id text PRIMARY KEY);
    `,
  },
  {
    // The analysis of an item not yet in a theme: feedback.processed goes out with the item's first theme.
    id: '0701_webhook_analyses_awaiting_theme',
    sql: `CREATE TABLE IF NOT EXISTS webhook_analyses_awaiting_theme (feedback_id text PRIMARY KEY, analysis jsonb NOT NULL);`,
  },
];
