import type { AppAssets } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';

export interface LayoutOptions {
  title: string;
  assets: AppAssets;
  session?: AppSession;
  /** Which navigation entry is the current page. */
  current?: 'themes' | 'suggestions' | 'feedback' | 'customers' | 'questions' | 'settings';
  /** Scripts this page needs besides none: uPlot and the chart, for the theme page. */
  scripts?: SafeHtml;
  main: SafeHtml;
}

/** The frame of every workspace page: skip link, header with the project and the session, one main landmark. */
export function layout({ title, assets, session, current, scripts, main }: LayoutOptions): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>${title} · Feedback insights</title>
        <link rel="stylesheet" href="${assets.url('app.css')}" />
        ${scripts}
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
          <a class="brand" href="/app">Feedback insights</a>
          ${
            session
              ? html`<nav aria-label="Workspace">
                    <ul class="nav-list">
                      <li><a href="/app" ${current === 'themes' ? html` aria-current="page"` : ''}>Themes</a></li>
                      <li><a href="/app/suggestions" ${current === 'suggestions' ? html` aria-current="page"` : ''}>Suggested themes</a></li>
                      <li><a href="/app/feedback" ${current === 'feedback' ? html` aria-current="page"` : ''}>Feedback</a></li>
                      <li><a href="/app/customers" ${current === 'customers' ? html` aria-current="page"` : ''}>Customers</a></li>
                      <li><a href="/app/questions" ${current === 'questions' ? html` aria-current="page"` : ''}>Questions</a></li>
                      <li><a href="/app/settings" ${current === 'settings' ? html` aria-current="page"` : ''}>Settings</a></li>
                    </ul>
                  </nav>
                  <div class="session">
                    <span class="project">${session.projectName}</span>
                    <span class="badge badge-role">${session.role}</span>
                    <form method="post" action="/app/logout" class="inline-form">
                      <input type="hidden" name="_csrf" value="${session.csrfToken}" />
                      <button type="submit" class="button-link">Sign out</button>
                    </form>
                  </div>`
              : ''
          }
        </header>
        <main id="main" tabindex="-1">${main}</main>
      </body>
    </html> `.value;
}
