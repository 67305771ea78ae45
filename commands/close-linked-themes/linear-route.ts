import { Type } from '@sinclair/typebox';
import { unauthorized } from '../../src/http/app-error.js';
import type { InboundRouteSpec } from '../../src/http/inbound-route.js';
import { linearTimestampFresh, verifyLinearSignature } from '../../src/integrations/tracker-signatures.js';
import type { CoreServices } from '../../src/services.js';
import { closeLinkedThemes } from './handler.js';
import {
  canonicalIssueUrl,
  headerOf,
  trackerResponses,
  parseVerifiedBody,
  ProjectIdParams,
  TRACKER_BODY_LIMIT_BYTES,
  trackerContext,
  trackerSecret,
} from './inbound-common.js';

const LinearIssueUpdate = Type.Object(
  {
    action: Type.String({ description: 'Only `update` can complete an issue.', examples: ['update'] }),
    type: Type.String({ description: 'Only `Issue` events are read.', examples: ['Issue'] }),
    data: Type.Object({
      url: Type.String({ examples: ['https://linear.app/acme/issue/ENG-7/export-fails'] }),
      state: Type.Object({ type: Type.String({ description: '`completed` resolves the linked themes.', examples: ['completed'] }) }),
    }),
    updatedFrom: Type.Optional(
      Type.Object({ stateId: Type.Optional(Type.String()) }, { description: 'Present on updates: the previous values of what changed.' }),
    ),
    webhookTimestamp: Type.Integer({ description: 'Milliseconds since the epoch; must be within 60 s of the service’s clock.' }),
  },
  { description: 'Linear’s data-change webhook payload for an issue (other fields are ignored).' },
);

/** An update that moved the issue into a completed state (an edit of an issue already completed is not). */
function completedNow(payload: any): boolean {
  if (payload?.type !== 'Issue' || payload?.action !== 'update' || payload?.data?.state?.type !== 'completed') return false;
  const previous = payload.updatedFrom;
  return previous === undefined || previous === null || (typeof previous === 'object' && 'stateId' in previous);
}

export function linearWebhookRoute(services: CoreServices): InboundRouteSpec<{ projectId: string }> {
  return {
    method: 'POST',
    path: '/api/v1/integrations/linear/:projectId',
    operationId: 'receiveLinearWebhook',
    summary: 'Linear webhook: a completed issue resolves its linked themes',
    description:
      'Called by Linear, not with an API key: add a webhook for "Issues" with this URL, and give its signing secret to ' +
      '`feedbackctl project update --linear-webhook-secret`. The raw body must carry `Linear-Signature: <hex HMAC-SHA256 of the ' +
      'body, keyed with the secret>` (compared in constant time), and its `webhookTimestamp` must be within 60 s of the service’s ' +
      'clock (a replayed delivery is refused). An `Issue` `update` that moves the issue into a `completed` state resolves every ' +
      'theme linked to `data.url` (`cluster.resolved` goes out); other events are acknowledged and change nothing. 401 for a ' +
      'missing or wrong signature, a stale timestamp, or a project without a Linear secret (nothing changes); 404 for an unknown ' +
      'project; 413 over 1 MB.',
    tags: ['integrations'],
    params: ProjectIdParams,
    signatureHeader: { name: 'Linear-Signature', description: 'The hex HMAC-SHA256 of the raw body, keyed with the webhook’s signing secret.' },
    body: LinearIssueUpdate,
    bodyLimitBytes: TRACKER_BODY_LIMIT_BYTES,
    responses: trackerResponses('No valid signature, a stale `webhookTimestamp`, or no Linear secret set for the project.'),
    async handle({ params, headers, rawBody, requestId }) {
      const secret = await trackerSecret(services, params.projectId, 'linear');
      if (!verifyLinearSignature(secret, rawBody, headerOf(headers['linear-signature']))) {
        throw unauthorized('The Linear-Signature header is missing or does not match the body.');
      }
      const payload = parseVerifiedBody(rawBody);
      if (!linearTimestampFresh(payload?.webhookTimestamp, services.clock.now())) {
        throw unauthorized('The webhookTimestamp is missing or more than 60 seconds from now (a replayed or delayed delivery).');
      }
      const issueUrl = payload?.data?.url;
      if (!completedNow(payload) || typeof issueUrl !== 'string') return { status: 200, body: { handled: 'ignored', issueUrl: null, resolved: [] } };
      const resolved = await closeLinkedThemes(services, params.projectId, issueUrl, trackerContext('linear', requestId));
      return { status: 200, body: { handled: 'issue-closed', issueUrl: canonicalIssueUrl(issueUrl), resolved } };
    },
  };
}
