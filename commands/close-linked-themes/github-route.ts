import { Type } from '@sinclair/typebox';
import type { InboundRouteSpec } from '../../src/http/inbound-route.js';
import { unauthorized } from '../../src/http/app-error.js';
import { verifyGithubSignature } from '../../src/integrations/tracker-signatures.js';
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

const GithubIssuesEvent = Type.Object(
  {
    action: Type.String({ description: 'Only `closed` resolves themes.', examples: ['closed'] }),
    issue: Type.Optional(
      Type.Object({ html_url: Type.String({ description: 'The issue’s page, as linked on themes.', examples: ['https://github.com/acme/app/issues/42'] }) }),
    ),
  },
  { description: 'GitHub’s `issues` event payload (other fields are ignored).' },
);

export function githubWebhookRoute(services: CoreServices): InboundRouteSpec<{ projectId: string }> {
  return {
    method: 'POST',
    path: '/api/v1/integrations/github/:projectId',
    operationId: 'receiveGithubWebhook',
    summary: 'GitHub webhook: a closed issue resolves its linked themes',
    description:
      'Called by GitHub, not with an API key: add a repository (or organisation) webhook with this URL, content type `application/json`, ' +
      'the secret set by `feedbackctl project update --github-webhook-secret`, and the "Issues" event. The raw body must carry ' +
      '`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body, keyed with the secret>` (compared in constant time). An `issues` ' +
      'event (`X-GitHub-Event: issues`) with `action: closed` resolves every theme linked to `issue.html_url` (`cluster.resolved` ' +
      'goes out); other events and actions are acknowledged and change nothing. 401 for a missing or wrong signature or when the ' +
      'project has no GitHub secret (nothing changes); 404 for an unknown project; 413 over 1 MB.',
    tags: ['integrations'],
    params: ProjectIdParams,
    signatureHeader: { name: 'X-Hub-Signature-256', description: '`sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook secret.' },
    body: GithubIssuesEvent,
    bodyLimitBytes: TRACKER_BODY_LIMIT_BYTES,
    responses: trackerResponses('No valid signature, or no GitHub secret set for the project.'),
    async handle({ params, headers, rawBody, requestId }) {
      const secret = await trackerSecret(services, params.projectId, 'github');
      if (!verifyGithubSignature(secret, rawBody, headerOf(headers['x-hub-signature-256']))) {
        throw unauthorized('The X-Hub-Signature-256 header is missing or does not match the body.');
      }
      const event = headerOf(headers['x-github-event']);
      const payload = parseVerifiedBody(rawBody);
      if (event === 'ping') return { status: 200, body: { handled: 'ping', issueUrl: null, resolved: [] } };
      const issueUrl = payload?.issue?.html_url;
      if (event !== 'issues' || payload?.action !== 'closed' || typeof issueUrl !== 'string') {
        return { status: 200, body: { handled: 'ignored', issueUrl: null, resolved: [] } };
      }
      const resolved = await closeLinkedThemes(services, params.projectId, issueUrl, trackerContext('github', requestId));
      return { status: 200, body: { handled: 'issue-closed', issueUrl: canonicalIssueUrl(issueUrl), resolved } };
    },
  };
}
