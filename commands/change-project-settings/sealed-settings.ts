import type { Config } from '../../src/config.js';
import type { FieldProblem } from '../../src/domain/errors.js';
import type { ProjectSettings } from '../../src/domain/project/events.js';
import { checkSlackWebhookUrl } from '../../src/notifications/slack/slack-webhook-url.js';
import { encryptSecret, webhookSecretKey } from '../../src/webhooks/secret-box.js';

/** Settings that are credentials, as a person gives them; null clears one. */
export interface SecretSettings {
  slackWebhookUrl?: string | null;
  githubWebhookSecret?: string | null;
  linearWebhookSecret?: string | null;
}

export const INBOUND_SECRET_MIN_CHARS = 16;
export const INBOUND_SECRET_MAX_CHARS = 256;

function checkInboundSecret(field: string, secret: string): FieldProblem[] {
  const ok = secret.length >= INBOUND_SECRET_MIN_CHARS && secret.length <= INBOUND_SECRET_MAX_CHARS && !/[\s\u0000-\u001f]/.test(secret);
  return ok ? [] : [{ field, message: `must be ${INBOUND_SECRET_MIN_CHARS} to ${INBOUND_SECRET_MAX_CHARS} characters without spaces` }];
}

/** The problems of each bad credential, never echoing it. */
export function checkSecretSettings(config: Config, { slackWebhookUrl, githubWebhookSecret, linearWebhookSecret }: SecretSettings): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (typeof slackWebhookUrl === 'string') problems.push(...checkSlackWebhookUrl(slackWebhookUrl, config.webhookAllowHttp));
  if (typeof githubWebhookSecret === 'string') problems.push(...checkInboundSecret('githubWebhookSecret', githubWebhookSecret));
  if (typeof linearWebhookSecret === 'string') problems.push(...checkInboundSecret('linearWebhookSecret', linearWebhookSecret));
  return problems;
}

/**
 * Seals each credential (checked first) with the key that seals webhook signing secrets, so the
 * settings event carries only ciphertext. Throws `WebhooksNotConfigured` when there is no key.
 */
export function sealSecretSettings(config: Config, secrets: SecretSettings): Partial<ProjectSettings> {
  const { slackWebhookUrl, githubWebhookSecret, linearWebhookSecret } = secrets;
  const seal = (value: string | null) => (value === null ? null : encryptSecret(webhookSecretKey(config), value));
  const sealed: Partial<ProjectSettings> = {};
  if (slackWebhookUrl !== undefined) sealed.slackWebhookCiphertext = seal(slackWebhookUrl);
  if (githubWebhookSecret !== undefined) sealed.githubWebhookSecretCiphertext = seal(githubWebhookSecret);
  if (linearWebhookSecret !== undefined) sealed.linearWebhookSecretCiphertext = seal(linearWebhookSecret);
  return sealed;
}
