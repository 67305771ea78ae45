import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';

const STATUS_ACTIONS: { status: string; text: string }[] = [
  { status: 'resolved', text: 'Resolve' },
  { status: 'muted', text: 'Mute' },
  { status: 'active', text: 'Set active' },
];

const STATUS_MEANING: Record<string, string> = {
  active: 'New feedback counts towards spikes and alerts.',
  resolved: 'New feedback makes it active again, as a regression.',
  muted: 'New feedback joins it silently: no spike, no regression.',
};

/** The theme's status, with (for editors) the buttons that change it: the same command as PATCH /clusters/{id} with `status`. */
export function themeStatus(session: AppSession, theme: { id: string; status: string }, returnTo: string): SafeHtml {
  const action = `/app/themes/${encodeURIComponent(theme.id)}/status`;
  return html`<section class="panel" aria-labelledby="status-title">
    <h2 id="status-title">Status</h2>
    <p>This theme is <strong>${theme.status}</strong>. <span class="muted">${STATUS_MEANING[theme.status] ?? ''}</span></p>
    ${
      session.role === 'editor'
        ? html`<form method="post" action="${action}" class="button-row">
            <input type="hidden" name="_csrf" value="${session.csrfToken}" />
            <input type="hidden" name="return" value="${returnTo}" />
            ${STATUS_ACTIONS.filter((a) => a.status !== theme.status).map(
              (a) => html`<button type="submit" name="status" value="${a.status}" class="button-secondary">${a.text}</button>`,
            )}
          </form>`
        : ''
    }
  </section>`;
}

/** The theme's links to tracker issues (set through PATCH /clusters/{id} with `links`). */
export function themeLinks(links: string[]): SafeHtml {
  return html`<section class="panel" aria-labelledby="links-title">
    <h2 id="links-title">Tracker issues</h2>
    ${
      links.length === 0
        ? html`<p class="muted">No issue linked.</p>`
        : html`<ul class="tracker-links">
            ${links.map(
              (url) =>
                html`<li>
                  ${
                    /^https:\/\//i.test(url)
                      ? html`<a href="${url}" rel="noopener noreferrer" target="_blank">${url}<span class="visually-hidden"> (opens a new tab)</span></a>`
                      : url
                  }
                </li>`,
            )}
          </ul>`
    }
  </section>`;
}
