import type { toWebhookEndpoint } from '../../../queries/webhooks/endpoint-record.js';
import { DIGEST_CADENCES, type DigestCadence } from '../../domain/project/events.js';
import type { AppAssets } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';
import { layout } from './layout.js';

export interface EndpointHealth {
  endpoint: ReturnType<typeof toWebhookEndpoint>;
  /** Of its most recent deliveries: how many were delivered, failed for good, or wait. */
  recent: { delivered: number; failed: number; pending: number; of: number };
  /** The error of its newest delivery that has one, shortened. */
  lastError: string | null;
}

export interface SettingsPageData {
  session: AppSession;
  endpoints: EndpointHealth[];
  /** The Slack webhook's host only (the URL is a credential); null when Slack is off; '' when it cannot be unsealed here. */
  slackHost: string | null;
  slackMinValue: string | null;
  digest: DigestCadence;
  digestEmails: string[];
  allowedOrigins: string[];
  notice?: string;
  error?: string;
}

const WHEN = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const when = (iso: string | null): SafeHtml =>
  iso === null ? html`<span class="muted">never</span>` : html`<time datetime="${iso}">${WHEN.format(new Date(iso))} UTC</time>`;
const CADENCE_TEXT: Record<DigestCadence, string> = { daily: 'Daily', weekly: 'Weekly', off: 'Off' };

/** An endpoint's address without its query string or user info, which may carry a token. */
function shownUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

const csrfField = (session: AppSession) => html`<input type="hidden" name="_csrf" value="${session.csrfToken}" />`;

function stateBadge({ active, disabledReason }: EndpointHealth['endpoint']): SafeHtml {
  if (active) return html`<span class="badge badge-endpoint badge-endpoint-active">Active</span>`;
  return disabledReason === 'failing'
    ? html`<span class="badge badge-endpoint badge-endpoint-failing">Disabled: failing</span>`
    : html`<span class="badge badge-endpoint badge-endpoint-paused">Paused</span>`;
}

function endpointRow(session: AppSession, { endpoint, recent, lastError }: EndpointHealth): SafeHtml {
  const id = endpoint.id;
  return html`<tr data-endpoint="${id}">
    <th scope="row" data-label="Endpoint">
      <span class="endpoint-url">${shownUrl(endpoint.url)}</span>
      <span class="endpoint-events muted">${endpoint.events.join(', ')}</span>
    </th>
    <td data-label="State" data-active="${String(endpoint.active)}">
      ${stateBadge(endpoint)} ${endpoint.failingSince ? html`<span class="muted endpoint-failing">failing since ${when(endpoint.failingSince)}</span>` : ''}
    </td>
    <td data-label="Recent deliveries" class="endpoint-recent">
      ${
        recent.of === 0
          ? html`<span class="muted">none yet</span>`
          : html`${recent.delivered} delivered, ${recent.failed} failed, ${recent.pending} waiting <span class="muted">(last ${recent.of})</span>`
      }
    </td>
    <td data-label="Last success">${when(endpoint.lastSuccessAt)}</td>
    <td data-label="Last attempt">
      ${when(endpoint.lastDeliveryAt)} ${endpoint.lastStatus !== null ? html`<span class="muted">HTTP ${endpoint.lastStatus}</span>` : ''}
      ${endpoint.consecutiveFailures > 0 ? html`<span class="endpoint-failures">${endpoint.consecutiveFailures} failures in a row</span>` : ''}
    </td>
    <td data-label="Last error" class="endpoint-error">${lastError ?? html`<span class="muted">–</span>`}</td>
    ${
      session.role === 'editor'
        ? html`<td data-label="Change">
            <form method="post" action="/app/settings/webhooks/${encodeURIComponent(id)}/active" class="inline-form">
              ${csrfField(session)}
              <input type="hidden" name="active" value="${endpoint.active ? 'false' : 'true'}" />
              <button type="submit" class="button-secondary">
                ${endpoint.active ? 'Pause' : 'Resume'}<span class="visually-hidden"> ${shownUrl(endpoint.url)}</span>
              </button>
            </form>
          </td>`
        : ''
    }
  </tr>`;
}

function webhooksPanel(session: AppSession, endpoints: EndpointHealth[]): SafeHtml {
  return html`<section class="panel" aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhook endpoints</h2>
    <p class="muted">Added with <code>POST /api/v1/webhooks</code>; signing secrets are never shown. An endpoint failing for 15 minutes is disabled.</p>
    ${
      endpoints.length === 0
        ? html`<p class="empty">No webhook endpoints.</p>`
        : html`<table class="endpoints">
            <caption class="visually-hidden">
              Webhook endpoints and their delivery health
            </caption>
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">State</th>
                <th scope="col">Recent deliveries</th>
                <th scope="col">Last success</th>
                <th scope="col">Last attempt</th>
                <th scope="col">Last error</th>
                ${session.role === 'editor' ? html`<th scope="col">Change</th>` : ''}
              </tr>
            </thead>
            <tbody>
              ${endpoints.map((endpoint) => endpointRow(session, endpoint))}
            </tbody>
          </table>`
    }
  </section>`;
}

function slackPanel(session: AppSession, { slackHost, slackMinValue }: SettingsPageData): SafeHtml {
  const editor = session.role === 'editor';
  return html`<section class="panel" aria-labelledby="slack-title">
    <h2 id="slack-title">Slack alerts</h2>
    <dl class="traits">
      <dt>Incoming webhook</dt>
      <dd data-slack="${slackHost === null ? 'off' : 'on'}">
        ${slackHost === null ? 'Not connected' : slackHost === '' ? 'Connected' : html`Connected to <span class="slack-host">${slackHost}</span>`}
      </dd>
      <dt>Customers at risk</dt>
      <dd>${slackMinValue === null ? 'alerted when in the top quarter by value' : `alerted from a value of ${slackMinValue}`}</dd>
    </dl>
    ${
      editor
        ? html`<form method="post" action="/app/settings/slack" class="settings-form">
              ${csrfField(session)}
              <p>
                <label for="slack-webhook">${slackHost === null ? 'Incoming webhook URL' : 'New incoming webhook URL'}</label>
                <input type="url" id="slack-webhook" name="slackWebhook" autocomplete="off" placeholder="https://hooks.slack.com/services/…" />
                <span class="hint">${slackHost === null ? '' : 'Leave empty to keep the current one. '}The URL is stored sealed and never shown again.</span>
              </p>
              <p>
                <label for="slack-min-value">Alert on customers from value</label>
                <input type="text" id="slack-min-value" name="slackMinValue" inputmode="decimal" value="${slackMinValue ?? ''}" placeholder="top quarter" />
              </p>
              <button type="submit" class="button-primary">Save Slack settings</button>
            </form>
            ${
              slackHost === null
                ? ''
                : html`<form method="post" action="/app/settings/slack" class="settings-form">
                    ${csrfField(session)}<input type="hidden" name="disconnect" value="1" />
                    <button type="submit" class="button-secondary">Disconnect Slack</button>
                  </form>`
            }`
        : ''
    }
  </section>`;
}

function digestPanel(session: AppSession, { digest, digestEmails }: SettingsPageData): SafeHtml {
  return html`<section class="panel" aria-labelledby="digest-title">
    <h2 id="digest-title">Email digest</h2>
    <dl class="traits">
      <dt>Sent</dt>
      <dd data-digest="${digest}">${CADENCE_TEXT[digest]}</dd>
      <dt>To</dt>
      <dd class="digest-emails">${digestEmails.length === 0 ? html`<span class="muted">nobody</span>` : digestEmails.join(', ')}</dd>
    </dl>
    ${
      session.role === 'editor'
        ? html`<form method="post" action="/app/settings/digest" class="settings-form">
            ${csrfField(session)}
            <p>
              <label for="digest-cadence">Send</label>
              <select id="digest-cadence" name="digest">
                ${DIGEST_CADENCES.map((cadence) => html`<option value="${cadence}" ${cadence === digest ? html`selected` : ''}>${CADENCE_TEXT[cadence]}</option>`)}
              </select>
            </p>
            <p>
              <label for="digest-emails">Recipients <span class="muted">(one address a line)</span></label>
              <textarea id="digest-emails" name="digestEmails" rows="3">${digestEmails.join('\n')}</textarea>
            </p>
            <button type="submit" class="button-primary">Save digest</button>
          </form>`
        : ''
    }
  </section>`;
}

function originsPanel(session: AppSession, origins: string[]): SafeHtml {
  const editor = session.role === 'editor';
  return html`<section class="panel" aria-labelledby="origins-title">
    <h2 id="origins-title">Widget origins</h2>
    <p class="muted">Pages the feedback widget may be used on (its key is refused elsewhere).</p>
    ${
      origins.length === 0
        ? html`<p class="muted">No origin is allowed yet.</p>`
        : html`<ul class="origins">
            ${origins.map(
              (origin) =>
                html`<li data-origin="${origin}">
                  <span>${origin}</span>
                  ${
                    editor
                      ? html`<form method="post" action="/app/settings/origins" class="inline-form">
                          ${csrfField(session)}<input type="hidden" name="remove" value="${origin}" />
                          <button type="submit" class="button-link">Remove<span class="visually-hidden"> ${origin}</span></button>
                        </form>`
                      : ''
                  }
                </li>`,
            )}
          </ul>`
    }
    ${
      editor
        ? html`<form method="post" action="/app/settings/origins" class="settings-form">
            ${csrfField(session)}
            <p>
              <label for="origin-add">Allow origin</label>
              <input type="url" id="origin-add" name="add" required placeholder="https://app.example.com" />
            </p>
            <button type="submit" class="button-primary">Allow</button>
          </form>`
        : ''
    }
  </section>`;
}

/** /app/settings: webhook endpoints and their delivery health, Slack, the digest and the widget's origins; editors change them, never seeing a credential. */
export function settingsPage(assets: AppAssets, data: SettingsPageData): string {
  const { session, notice, error } = data;
  return layout({
    title: 'Settings',
    assets,
    session,
    current: 'settings',
    main: html`<div class="page-head">
        <h1>Settings</h1>
        <p class="lede">Where the project’s events, alerts and digests go.${session.role === 'editor' ? '' : ' Viewers can look but not change.'}</p>
      </div>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      ${webhooksPanel(session, data.endpoints)} ${slackPanel(session, data)} ${digestPanel(session, data)} ${originsPanel(session, data.allowedOrigins)}`,
  });
}
