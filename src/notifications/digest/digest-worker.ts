import { publicBaseUrl } from '../../config.js';
import type { DigestCadence } from '../../domain/project/events.js';
import type { HostResolver } from '../../outbound/guarded-lookup.js';
import type { CoreServices } from '../../services.js';
import { DELIVERY_ATTEMPTS, retryDelaySeconds } from '../../webhooks/retry-schedule.js';
import { decryptSecret, webhookSecretKey } from '../../webhooks/secret-box.js';
import { createMailer, type Mailer } from '../email/mailer.js';
import { postToSlack } from '../slack/post-to-slack.js';
import { claimDigest, markDigestFailed, markDigestSent, type DigestChannel, type DigestClaim } from './digest-claims.js';
import { digestContent, type DigestContent } from './digest-content.js';
import { digestEmail } from './digest-email.js';
import { digestSlackMessage } from './digest-slack.js';
import { lastCompletedPeriod } from './period.js';

/** How often the worker looks for a period that has ended. */
export const DIGEST_CHECK_EVERY_MS = 5000;

export interface DigestWorkerOptions {
  /** A claim's lease: longer than the slowest send (SMTP timeouts are 10 s to connect, 30 s idle). */
  leaseSeconds?: number;
  /** How mail goes out; from SMTP_URL by default. */
  mailer?: Mailer;
  resolveHost?: HostResolver;
}

interface DigestProjectRow {
  project_id: string;
  created_at: Date;
  digest: Exclude<DigestCadence, 'off'>;
  emails: string[] | null;
  since: string | null;
  slack: string | null;
}

class SendFailed extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }
}

/**
 * Sends each project's digest once per period (UTC) and channel, whatever the number of worker
 * nodes and restarts: a digest is claimed in `digest_sends` (unique key) before it is built and
 * sent, and marked sent after the SMTP server or Slack accepted it. A node that dies in between
 * leaves a pending claim whose lease runs out; the next node to look sends it. Only the last
 * period that ended is considered: after a long outage the digests of earlier periods are not sent.
 */
export class DigestWorker {
  private readonly leaseSeconds: number;
  private mailer: Mailer | undefined;

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'clock' | 'logger' | 'config'>,
    private readonly options: DigestWorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.mailer = options.mailer;
  }

  /** Claims and sends what is due; returns how many digests it tried to send. */
  async runOnce(): Promise<number> {
    const now = this.services.clock.now();
    const projects = await this.services.db.query<DigestProjectRow>(
      `SELECT project_id, created_at, settings->>'digest' AS digest, settings->'digestEmails' AS emails, settings->>'digestSince' AS since,
              settings->>'slackWebhookCiphertext' AS slack
         FROM projects WHERE settings->>'digest' IN ('daily', 'weekly') ORDER BY project_id`,
    );
    let tried = 0;
    for (const project of projects.rows) {
      const period = lastCompletedPeriod(project.digest, now);
      const since = project.since ? new Date(project.since) : new Date(project.created_at);
      if (period.end.getTime() <= since.getTime()) continue;
      let content: DigestContent | undefined;
      for (const channel of this.channelsOf(project)) {
        const claim = await claimDigest(this.services.db, { projectId: project.project_id, period, channel }, now, this.leaseSeconds);
        if (!claim) continue;
        tried += 1;
        content ??= await digestContent(this.services.db, project.project_id, period, publicBaseUrl(this.services.config));
        if (content) await this.send(claim, content, project);
        else await markDigestFailed(this.services.db, claim, now, null, 'project not found');
      }
    }
    return tried;
  }

  close(): void {
    this.mailer?.close();
  }

  private channelsOf(project: DigestProjectRow): DigestChannel[] {
    const channels: DigestChannel[] = [];
    if (project.slack) channels.push('slack');
    if ((project.emails ?? []).length > 0 && this.services.config.smtp) channels.push('email');
    return channels;
  }

  private async send(claim: DigestClaim, content: DigestContent, project: DigestProjectRow): Promise<void> {
    const { db, clock, logger } = this.services;
    const context = { projectId: claim.projectId, channel: claim.channel, cadence: claim.period.cadence, periodStart: claim.period.start.toISOString() };
    try {
      if (claim.channel === 'slack') await this.sendToSlack(content, project.slack!);
      else await this.sendEmail(claim, content, project.emails ?? []);
      if (await markDigestSent(db, claim, clock.now())) logger.info({ ...context, attempt: claim.attempts }, 'digest sent');
      else logger.warn(context, 'digest sent after its claim had been taken over');
    } catch (error) {
      const reason = error instanceof SendFailed ? error.reason : 'send failed';
      const last = claim.attempts >= DELIVERY_ATTEMPTS;
      const wait = error instanceof SendFailed && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds : retryDelaySeconds(claim.attempts);
      await markDigestFailed(db, claim, clock.now(), last ? null : wait, reason);
      logger.warn({ ...context, attempt: claim.attempts, error: reason, final: last }, 'digest not sent');
    }
  }

  private async sendToSlack(content: DigestContent, sealedUrl: string): Promise<void> {
    const url = decryptSecret(webhookSecretKey(this.services.config), sealedUrl);
    const result = await postToSlack(url, digestSlackMessage(content), {
      allowLoopback: this.services.config.webhookAllowHttp,
      resolveHost: this.options.resolveHost,
    });
    if (!result.ok) throw new SendFailed(result.error ?? `HTTP ${result.status}`, result.status === 429 ? (result.retryAfterSeconds ?? 60) : undefined);
  }

  private async sendEmail(claim: DigestClaim, content: DigestContent, to: string[]): Promise<void> {
    const smtp = this.services.config.smtp!;
    this.mailer ??= createMailer(smtp);
    const email = digestEmail(content);
    const domain = /@([^>\s]+)>?\s*$/.exec(smtp.from)?.[1] ?? 'localhost';
    const day = claim.period.start.toISOString().slice(0, 10);
    try {
      await this.mailer.send({ ...email, to, messageId: `<digest.${claim.projectId}.${claim.period.cadence}.${day}@${domain}>` });
    } catch (error) {
      // Nodemailer's messages can name the server; its code and SMTP reply code say enough.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      throw new SendFailed(['smtp', code, responseCode].filter(Boolean).join(' '));
    }
  }
}
