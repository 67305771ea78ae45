import type Koa from 'koa';
import type Router from '@koa/router';
import { changeProjectSettings } from '../../../commands/change-project-settings/handler.js';
import { changeWebhookActive } from '../../../commands/change-webhook/handler.js';
import { findProjectSettings } from '../../../queries/projects/project-settings.js';
import { findWebhookEndpoints, toWebhookEndpoint } from '../../../queries/webhooks/endpoint-record.js';
import type { ProjectSettings } from '../../domain/project/events.js';
import { AppError, invalidRequest } from '../../http/app-error.js';
import type { CoreServices } from '../../services.js';
import { recentDeliveries } from '../../webhooks/operator.js';
import { decryptSecret, webhookSecretKey, WebhooksNotConfigured } from '../../webhooks/secret-box.js';
import type { AppAssets } from '../assets.js';
import { settingsPage, type EndpointHealth } from '../pages/settings-page.js';
import { sessionCommandContext, type AppSession } from '../session.js';
import { pageEdit } from './page-edit.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

/** How many of an endpoint's newest deliveries its "recent" health counts. */
const RECENT_DELIVERIES = 50;
const ERROR_CHARS = 200;

const NOTICES: Record<string, string> = {
  paused: 'Paused: deliveries wait until the endpoint is resumed.',
  resumed: 'Resumed: waiting deliveries are sent again.',
  slack: 'Slack settings saved.',
  'slack-off': 'Slack disconnected.',
  digest: 'Digest settings saved.',
  origins: 'Widget origins saved.',
};

async function endpointHealth(services: CoreServices, projectId: string): Promise<EndpointHealth[]> {
  const endpoints = (await findWebhookEndpoints(services.db, projectId)).map(toWebhookEndpoint);
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries = await recentDeliveries(services.db, endpoint.id, RECENT_DELIVERIES);
      const count = (status: string) => deliveries.filter((d) => d.status === status).length;
      const error = deliveries.find((d) => d.last_error !== null)?.last_error ?? null;
      return {
        endpoint,
        recent: { delivered: count('delivered'), failed: count('failed'), pending: count('pending'), of: deliveries.length },
        lastError: error === null ? null : error.slice(0, ERROR_CHARS),
      };
    }),
  );
}

/** The Slack webhook's host, never more of the URL; '' when it cannot be unsealed on this node. */
function slackHostOf(services: CoreServices, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return new URL(decryptSecret(webhookSecretKey(services.config), sealed)).host;
  } catch {
    return '';
  }
}

async function renderSettingsPage(ctx: Koa.Context, services: CoreServices, assets: AppAssets, session: AppSession, error?: string): Promise<void> {
  const settings = (await findProjectSettings(services.db, session.projectId))!;
  const done = typeof ctx.query.done === 'string' ? NOTICES[ctx.query.done] : undefined;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = settingsPage(assets, {
    session,
    endpoints: await endpointHealth(services, session.projectId),
    slackHost: slackHostOf(services, settings.slackWebhookCiphertext),
    slackMinValue: settings.slackMinValue,
    digest: settings.digest,
    digestEmails: settings.digestEmails,
    allowedOrigins: settings.allowedOrigins,
    notice: error ? undefined : done,
    error,
  });
}

/** Recipients as typed: one a line (commas too), blanks dropped; each is checked by the settings. */
const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** GET /app/settings; POST /app/settings/webhooks/{id}/active, /slack, /digest and /origins, through the same command handlers as the API and feedbackctl. */
export function settingsRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  const render = (ctx: Koa.Context) => (session: AppSession, error: string) => renderSettingsPage(ctx, services, assets, session, error);
  const change = async (ctx: Koa.Context, session: AppSession, changes: Partial<ProjectSettings>, extras?: Parameters<typeof changeProjectSettings>[4]) => {
    try {
      await changeProjectSettings(services, session.projectId, changes, sessionCommandContext(ctx, session), extras);
    } catch (error) {
      // As the API answers a webhook created without a key to seal its secret.
      if (error instanceof WebhooksNotConfigured) throw new AppError(503, 'webhooks-not-configured', 'Webhooks not configured', error.message);
      throw error;
    }
  };

  router.get('/app/settings', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderSettingsPage(ctx, services, assets, session));
  });
  router.post('/app/settings/webhooks/:id/active', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session, form) => {
      const active = form.get('active');
      if (active !== 'true' && active !== 'false') throw invalidRequest([{ field: 'active', message: 'must be true or false' }]);
      await changeWebhookActive(
        services,
        { projectId: session.projectId, endpointId: String(ctx.params.id), active: active === 'true' },
        sessionCommandContext(ctx, session),
      );
      return `/app/settings?done=${active === 'true' ? 'resumed' : 'paused'}`;
    }),
  );
  router.post('/app/settings/slack', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session, form) => {
      if (form.get('disconnect') === '1') {
        await change(ctx, session, {}, { secrets: { slackWebhookUrl: null } });
        return '/app/settings?done=slack-off';
      }
      const url = (form.get('slackWebhook') ?? '').trim();
      const minValue = (form.get('slackMinValue') ?? '').trim();
      await change(ctx, session, { slackMinValue: minValue === '' ? null : minValue }, url === '' ? {} : { secrets: { slackWebhookUrl: url } });
      return '/app/settings?done=slack';
    }),
  );
  router.post('/app/settings/digest', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session, form) => {
      const digest = form.get('digest') ?? '';
      await change(ctx, session, { digest: digest as ProjectSettings['digest'], digestEmails: listOf(form.get('digestEmails') ?? '') });
      return '/app/settings?done=digest';
    }),
  );
  router.post('/app/settings/origins', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session, form) => {
      const add = listOf(form.get('add') ?? '');
      const remove = listOf(form.get('remove') ?? '');
      if (add.length + remove.length === 0) throw invalidRequest([{ field: 'allowedOrigins', message: 'name an origin to allow or remove' }]);
      await change(ctx, session, {}, { originEdits: { add, remove } });
      return '/app/settings?done=origins';
    }),
  );
}
