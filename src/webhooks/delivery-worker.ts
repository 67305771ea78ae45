import { webhookEndpointsDecider } from '../domain/webhook/decider.js';
import { webhookEndpointsStream } from '../domain/webhook/events.js';
import { systemContext } from '../eventstore/command-context.js';
import { handleCommand } from '../eventstore/command-handler.js';
import type { CoreServices } from '../services.js';
import type { HostResolver } from '../outbound/guarded-lookup.js';
import { postDelivery, type DeliveryResult } from './post-delivery.js';
import { AUTO_DISABLE_AFTER_MS, DELIVERY_ATTEMPTS, retryDelaySeconds } from './retry-schedule.js';
import { decryptSecret, webhookSecretKey } from './secret-box.js';
import { signDelivery } from './signing.js';

const KINDS_WITH_LABEL: ReadonlySet<string> = new Set(['feedback.processed', 'cluster.spiking', 'cluster.regressed']);

export interface DeliveryWorkerOptions {
  /** Deliveries in flight at once in this process. */
  maxInFlight?: number;
  /** Deliveries in flight at once per endpoint (across workers): one slow receiver cannot take every slot. */
  perEndpoint?: number;
  /** A claim's lease; longer than the 10 s request timeout, so a live worker never needs to renew it. */
  leaseSeconds?: number;
  timeoutMs?: number;
  /** How receivers' names are resolved (`dns.lookup` unless a test stands in for DNS). */
  resolveHost?: HostResolver;
}

interface ClaimedDelivery {
  event_id: string;
  endpoint_id: string;
  project_id: string;
  kind: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  attempts: number;
  claimed_until: Date;
  url: string;
  secret_ciphertext: string;
}

/**
 * Claims due deliveries of active endpoints (SKIP LOCKED, under a lease) and sends each one
 * concurrently, without waiting for the others: a slow receiver holds only its own slots. Records
 * the outcome on the delivery and the endpoint's health; a failure streak of 15 minutes disables the
 * endpoint (an event, `WebhookEndpointAutoDisabled`).
 */
export class WebhookDeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly maxInFlight: number;
  private readonly perEndpoint: number;
  private readonly leaseSeconds: number;
  private readonly timeoutMs: number | undefined;
  private readonly resolveHost: HostResolver | undefined;
  private notConfiguredLogged = false;
  /** Called when a delivery finishes, so the loop claims again at once. */
  onSlotFreed: () => void = () => {};

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'logger' | 'config'>,
    options: DeliveryWorkerOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 16;
    this.perEndpoint = options.perEndpoint ?? 2;
    this.leaseSeconds = options.leaseSeconds ?? 20;
    this.timeoutMs = options.timeoutMs;
    this.resolveHost = options.resolveHost;
  }

  /** Claims and starts what it can; returns how many deliveries it started. */
  async runOnce(): Promise<number> {
    const room = this.maxInFlight - this.inFlight.size;
    if (room <= 0) return 0;
    let key: Buffer;
    try {
      key = webhookSecretKey(this.services.config);
    } catch (error) {
      if (!this.notConfiguredLogged) this.services.logger.error({ err: error }, 'webhook deliveries are off');
      this.notConfiguredLogged = true;
      return 0;
    }
    const claimed = await this.claim(room);
    for (const delivery of claimed) {
      const id = `${delivery.event_id} ${delivery.endpoint_id}`;
      const running = this.deliver(delivery, key)
        .catch((error) => this.services.logger.error({ err: error, eventId: delivery.event_id, endpointId: delivery.endpoint_id }, 'webhook delivery failed'))
        .finally(() => {
          this.inFlight.delete(id);
          this.onSlotFreed();
        });
      this.inFlight.set(id, running);
    }
    return claimed.length;
  }

  /** Waits for the deliveries in flight (on shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight.values()]);
  }

  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.services.clock.now().toISOString();
    const result = await this.services.db.query<ClaimedDelivery>(
      `WITH candidates AS (
         -- Per active endpoint, its oldest due rows, as many as it has free slots (in flight: a live lease).
         SELECT c.event_id, c.endpoint_id, c.seq
           FROM webhook_endpoints e
           CROSS JOIN LATERAL (
             SELECT d.event_id, d.endpoint_id, d.seq FROM webhook_deliveries d
              WHERE d.endpoint_id = e.endpoint_id AND d.status = 'pending' AND d.available_at <= $1::timestamptz
                AND (d.claimed_until IS NULL OR d.claimed_until < $1::timestamptz)
                AND NOT ((d.event_id || ' ' || d.endpoint_id) = ANY ($5::text[]))
              ORDER BY d.seq, d.event_id
              LIMIT GREATEST(0, $4 - (SELECT count(*) FROM webhook_deliveries f
                                        WHERE f.endpoint_id = e.endpoint_id AND f.claimed_until >= $1::timestamptz))
           ) c
          WHERE e.active
       ), picked AS (
         SELECT d.event_id, d.endpoint_id FROM webhook_deliveries d
           JOIN candidates c ON c.event_id = d.event_id AND c.endpoint_id = d.endpoint_id
          ORDER BY d.seq, d.event_id LIMIT $3
          FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = d.attempts + 1
         FROM picked p, webhook_endpoints e
        WHERE d.event_id = p.event_id AND d.endpoint_id = p.endpoint_id AND e.endpoint_id = d.endpoint_id
       RETURNING d.event_id, d.endpoint_id, d.project_id, d.kind, d.occurred_at, d.data, d.attempts, d.claimed_until, e.url, e.secret_ciphertext`,
      [now, this.leaseSeconds, limit, this.perEndpoint, [...this.inFlight.keys()]],
    );
    return result.rows;
  }

  private async deliver(delivery: ClaimedDelivery, key: Buffer): Promise<void> {
    const body = JSON.stringify({
      id: delivery.event_id,
      event: delivery.kind,
      occurredAt: new Date(delivery.occurred_at).toISOString(),
      data: await this.dataAtDelivery(delivery),
    });
    const secret = decryptSecret(key, delivery.secret_ciphertext);
    const unix = Math.floor(this.services.clock.now().getTime() / 1000);
    const headers = signDelivery(secret, delivery.event_id, unix, body);
    const started = performance.now();
    const result = await postDelivery(
      delivery.url,
      body,
      { ...headers },
      { allowLoopback: this.services.config.webhookAllowHttp, timeoutMs: this.timeoutMs, resolveHost: this.resolveHost },
    );
    await this.record(delivery, result, Math.round(performance.now() - started));
  }

  /** Envelopes naming a theme carry its label as it is now (labels live in erasable generations). */
  private async dataAtDelivery(delivery: ClaimedDelivery): Promise<Record<string, unknown>> {
    if (!KINDS_WITH_LABEL.has(delivery.kind)) return delivery.data;
    const cluster = await this.services.db.query<{ label: string }>(`SELECT label FROM clusters WHERE cluster_id = $1`, [delivery.data.clusterId]);
    const { clusterId, ...rest } = delivery.data;
    return { clusterId, label: cluster.rows[0]?.label || null, ...rest };
  }

  /** `latencyMs`: wall-clock time of the attempt (not the injected clock), for operators. */
  private async record(delivery: ClaimedDelivery, result: DeliveryResult, latencyMs: number): Promise<void> {
    const now = this.services.clock.now();
    const at = now.toISOString();
    const { db, logger } = this.services;
    const context = { eventId: delivery.event_id, endpointId: delivery.endpoint_id, attempt: delivery.attempts, status: result.status };
    if (result.ok) {
      await db.query(
        `UPDATE webhook_deliveries SET status = 'delivered', claimed_until = NULL, delivered_at = $3, last_attempt_at = $3, last_status = $4, last_error = NULL,
                last_latency_ms = $5
          WHERE event_id = $1 AND endpoint_id = $2`,
        [delivery.event_id, delivery.endpoint_id, at, result.status, latencyMs],
      );
      await db.query(
        `UPDATE webhook_endpoints SET failing_since = NULL, consecutive_failures = 0, last_delivery_at = $2, last_success_at = $2, last_status = $3
          WHERE endpoint_id = $1`,
        [delivery.endpoint_id, at, result.status],
      );
      logger.info(context, 'webhook delivered');
      return;
    }
    const last = delivery.attempts >= DELIVERY_ATTEMPTS;
    await db.query(
      `UPDATE webhook_deliveries SET status = $3, claimed_until = NULL, last_attempt_at = $4, last_status = $5, last_error = $6,
              available_at = $4::timestamptz + make_interval(secs => $7), last_latency_ms = $8
        WHERE event_id = $1 AND endpoint_id = $2`,
      [
        delivery.event_id,
        delivery.endpoint_id,
        last ? 'failed' : 'pending',
        at,
        result.status,
        result.error ?? null,
        retryDelaySeconds(delivery.attempts),
        latencyMs,
      ],
    );
    const health = await db.query<{ failing_since: Date; active: boolean }>(
      `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2), consecutive_failures = consecutive_failures + 1,
              last_delivery_at = $2, last_status = $3
        WHERE endpoint_id = $1 RETURNING failing_since, active`,
      [delivery.endpoint_id, at, result.status],
    );
    logger.warn({ ...context, error: result.error, final: last }, 'webhook delivery failed');
    const row = health.rows[0];
    if (row?.active && now.getTime() - new Date(row.failing_since).getTime() >= AUTO_DISABLE_AFTER_MS) {
      await handleCommand(
        this.services.store,
        webhookEndpointsStream(delivery.project_id),
        webhookEndpointsDecider,
        {
          type: 'AutoDisableEndpoint',
          projectId: delivery.project_id,
          endpointId: delivery.endpoint_id,
          failingSince: new Date(row.failing_since).toISOString(),
          now: at,
        },
        { context: systemContext('webhook-delivery-worker', delivery.event_id), attempts: 20 },
      ).catch((error) => logger.error({ err: error, endpointId: delivery.endpoint_id }, 'could not disable failing webhook endpoint'));
      logger.warn({ endpointId: delivery.endpoint_id }, 'webhook endpoint disabled: failing for 15 minutes');
    }
  }
}
