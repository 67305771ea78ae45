import { publicBaseUrl } from '../../config.js';
import type { HostResolver } from '../../outbound/guarded-lookup.js';
import type { CoreServices } from '../../services.js';
import type { DeliveryResult } from '../../webhooks/post-delivery.js';
import { DELIVERY_ATTEMPTS, retryDelaySeconds } from '../../webhooks/retry-schedule.js';
import { decryptSecret, webhookSecretKey } from '../../webhooks/secret-box.js';
import { alertFacts, type SlackAlertRow } from './alert-facts.js';
import { alertMessage } from './alert-message.js';
import { postToSlack } from './post-to-slack.js';

export interface SlackAlertWorkerOptions {
  /** A claim's lease: longer than the 10 s request timeout, so a live worker never needs to renew it. */
  leaseSeconds?: number;
  timeoutMs?: number;
  resolveHost?: HostResolver;
}

interface ClaimedAlert extends SlackAlertRow {
  attempts: number;
  webhook_ciphertext: string;
}

/** Slack answers these for a webhook that will never work (revoked, archived channel, bad payload): no retry. */
const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 410]);
/** Without a usable Retry-After a 429 waits this long; a longer one is cut to an hour. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const MAX_RETRY_AFTER_SECONDS = 3600;
/** Rate-limited alerts are given up after this long: old news is no alert. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;

/**
 * Sends the Slack alerts the outbox queued, one at a time per process (Slack allows about one
 * message a second per webhook): claims the oldest due alert under a lease (SKIP LOCKED, so several
 * workers never take the same one), builds its message from the read models, posts it through the
 * outbound address policy, and records the outcome. Failures are retried on the webhook schedule;
 * a 429 delays every pending alert of the project by its Retry-After and costs no attempt.
 */
export class SlackAlertWorker {
  private readonly leaseSeconds: number;
  private notConfiguredLogged = false;

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'clock' | 'logger' | 'config'>,
    private readonly options: SlackAlertWorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 20;
  }

  async runOnce(): Promise<number> {
    let key: Buffer;
    try {
      key = webhookSecretKey(this.services.config);
    } catch (error) {
      if (!this.notConfiguredLogged) this.services.logger.error({ err: error }, 'slack alerts are off');
      this.notConfiguredLogged = true;
      return 0;
    }
    const alert = await this.claim();
    if (!alert) return 0;
    await this.send(alert, key);
    return 1;
  }

  private async claim(): Promise<ClaimedAlert | undefined> {
    const now = this.services.clock.now().toISOString();
    const result = await this.services.db.query<ClaimedAlert>(
      `WITH picked AS (
         SELECT a.event_id FROM slack_alerts a
           JOIN slack_channels c ON c.project_id = a.project_id AND c.webhook_ciphertext IS NOT NULL
          WHERE a.status = 'pending' AND a.available_at <= $1::timestamptz AND (a.claimed_until IS NULL OR a.claimed_until < $1::timestamptz)
          ORDER BY a.seq, a.event_id LIMIT 1
          FOR UPDATE OF a SKIP LOCKED
       )
       UPDATE slack_alerts a SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = a.attempts + 1
         FROM picked p, slack_channels c
        WHERE a.event_id = p.event_id AND c.project_id = a.project_id
       RETURNING a.event_id, a.project_id, a.kind, a.occurred_at, a.data, a.attempts, c.webhook_ciphertext`,
      [now, this.leaseSeconds],
    );
    return result.rows[0];
  }

  private async send(alert: ClaimedAlert, key: Buffer): Promise<void> {
    const facts = await alertFacts(this.services.db, alert);
    if (!facts) {
      await this.finish(alert, 'dropped', null, 'the theme or user no longer exists');
      return;
    }
    const message = alertMessage(facts, publicBaseUrl(this.services.config));
    const result = await postToSlack(decryptSecret(key, alert.webhook_ciphertext), message, {
      allowLoopback: this.services.config.webhookAllowHttp,
      timeoutMs: this.options.timeoutMs,
      resolveHost: this.options.resolveHost,
    });
    await this.record(alert, result);
  }

  private async record(alert: ClaimedAlert, result: DeliveryResult): Promise<void> {
    const { db, clock, logger } = this.services;
    const context = { eventId: alert.event_id, projectId: alert.project_id, attempt: alert.attempts, status: result.status };
    if (result.ok) {
      await this.finish(alert, 'sent', result.status, null);
      logger.info(context, 'slack alert sent');
      return;
    }
    const now = clock.now();
    if (result.status === 429 && now.getTime() - new Date(alert.occurred_at).getTime() < GIVE_UP_AFTER_MS) {
      const wait = Math.min(result.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS);
      const until = new Date(now.getTime() + wait * 1000).toISOString();
      await db.query(
        `UPDATE slack_alerts SET attempts = attempts - 1, claimed_until = NULL, last_status = 429, last_error = 'HTTP 429', last_attempt_at = $2
          WHERE event_id = $1`,
        [alert.event_id, now.toISOString()],
      );
      // The limit is the channel's: every alert of the project waits for it.
      await db.query(`UPDATE slack_alerts SET available_at = GREATEST(available_at, $2) WHERE project_id = $1 AND status = 'pending'`, [
        alert.project_id,
        until,
      ]);
      logger.warn({ ...context, retryAfterSeconds: wait }, 'slack rate-limited the alert; it waits');
      return;
    }
    const final = alert.attempts >= DELIVERY_ATTEMPTS || (result.status !== null && PERMANENT_STATUSES.has(result.status)) || result.status === 429;
    if (final) {
      await this.finish(alert, 'failed', result.status, result.error ?? null);
    } else {
      await db.query(
        `UPDATE slack_alerts SET claimed_until = NULL, last_status = $2, last_error = $3, last_attempt_at = $4,
                available_at = $4::timestamptz + make_interval(secs => $5)
          WHERE event_id = $1`,
        [alert.event_id, result.status, result.error ?? null, now.toISOString(), retryDelaySeconds(alert.attempts)],
      );
    }
    logger.warn({ ...context, error: result.error, final }, 'slack alert failed');
  }

  private async finish(alert: ClaimedAlert, status: 'sent' | 'failed' | 'dropped', httpStatus: number | null, error: string | null): Promise<void> {
    const at = this.services.clock.now().toISOString();
    await this.services.db.query(
      `UPDATE slack_alerts SET status = $2, claimed_until = NULL, last_status = $3, last_error = $4, last_attempt_at = $5,
              sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz END
        WHERE event_id = $1`,
      [alert.event_id, status, httpStatus, error, at],
    );
  }
}
