import { Type } from '@sinclair/typebox';
import { normaliseTrackerLink } from '../../src/domain/cluster/tracker-links.js';
import { NotFound } from '../../src/domain/errors.js';
import { AppError, invalidRequest, unauthorized } from '../../src/http/app-error.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { decryptSecret, webhookSecretKey, WebhooksNotConfigured } from '../../src/webhooks/secret-box.js';

/** Tracker webhook bodies are small; GitHub's issue events with a long issue body stay well under this. */
export const TRACKER_BODY_LIMIT_BYTES = 1024 * 1024;

export const ProjectIdParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100, description: 'The project the webhook is for.' }) });

export const InboundResultSchema = Type.Object({
  handled: Type.Union([Type.Literal('issue-closed'), Type.Literal('ignored'), Type.Literal('ping')], {
    description: '`issue-closed`: an issue was reported closed (completed); `ignored`: any other event; `ping`: GitHub’s test delivery.',
  }),
  issueUrl: Type.Union([Type.String(), Type.Null()], { description: 'The closed issue, canonical; null unless `issue-closed`.' }),
  resolved: Type.Array(Type.String(), { description: 'The themes linked to the issue, now resolved.' }),
});

/** The answers of a tracker's webhook route; only what makes a delivery unauthorized differs between trackers. */
export const trackerResponses = (unauthorized: string) => ({
  200: { description: 'Verified; what it did.', schema: InboundResultSchema },
  400: { description: 'The verified body is not JSON.' },
  401: { description: unauthorized },
  404: { description: 'No such project.' },
  413: { description: 'The body is over 1 MB.' },
});

export type Tracker = 'github' | 'linear';

const SETTING: Record<Tracker, { column: string; flag: string; name: string }> = {
  github: { column: 'githubWebhookSecretCiphertext', flag: '--github-webhook-secret', name: 'GitHub' },
  linear: { column: 'linearWebhookSecretCiphertext', flag: '--linear-webhook-secret', name: 'Linear' },
};

/** The project's webhook secret for the tracker: 404 for an unknown project, 401 when none is set, 503 without the key that unseals it. */
export async function trackerSecret(services: Pick<CoreServices, 'db' | 'config'>, projectId: string, tracker: Tracker): Promise<string> {
  const { column, flag, name } = SETTING[tracker];
  const row = await services.db.query<{ sealed: string | null }>(`SELECT settings->>'${column}' AS sealed FROM projects WHERE project_id = $1`, [projectId]);
  if (!row.rows[0]) throw new NotFound('The project');
  const sealed = row.rows[0].sealed;
  if (!sealed) throw unauthorized(`No ${name} webhook secret is set for this project (feedbackctl project update ${flag}).`);
  try {
    return decryptSecret(webhookSecretKey(services.config), sealed);
  } catch (error) {
    if (error instanceof WebhooksNotConfigured) throw new AppError(503, 'webhooks-not-configured', 'Webhooks not configured', error.message);
    throw error;
  }
}

/** The verified body as JSON (400 when it is not). */
export function parseVerifiedBody(rawBody: Buffer): any {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalidRequest([{ field: '(body)', message: 'is not valid JSON' }], 'The request body is not valid JSON.');
  }
}

/** Events a tracker set off: correlated with the request, by the tracker's integration. */
export const trackerContext = (tracker: Tracker, requestId: string): CommandContext => ({
  correlationId: requestId,
  causationId: requestId,
  actor: { kind: 'system', name: `${tracker}-webhook` },
});

export const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The issue URL as themes store it (as reported when it is no issue URL the service knows). */
export function canonicalIssueUrl(url: string): string {
  const checked = normaliseTrackerLink(url);
  return checked.ok ? checked.url : url;
}
