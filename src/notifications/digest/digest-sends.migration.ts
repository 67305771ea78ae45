import type { Migration } from '../../db/migrations.js';

/**
 * One row per digest that is due: (project, cadence, period start, channel) is the key, so however
 * many worker nodes look, one of them claims a period's digest. `pending` with a lease while a node
 * sends it (a crashed node's lease runs out and another takes over), `sent` once the SMTP server or
 * Slack accepted it, `failed` after the last retry.
 */
export const digestSendMigrations: Migration[] = [
  {
    id: '0560_digest_sends',
    sql: `
      CREATE TABLE IF NOT EXISTS digest_sends (
        project_id text NOT NULL,
        cadence text NOT NULL,
        period_start timestamptz NOT NULL,
        channel text NOT NULL,
        period_end timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 1,
        claim_token text,
        claimed_until timestamptz,
        claimed_at timestamptz NOT NULL,
        sent_at timestamptz,
        last_error text,
        PRIMARY KEY (project_id, cadence, period_start, channel)
      );
      CREATE INDEX IF NOT EXISTS digest_sends_pending ON digest_sends (claimed_until) WHERE status = 'pending';
    `,
  },
];
