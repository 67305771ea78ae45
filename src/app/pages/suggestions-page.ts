import type { ThemeSuggestion } from '../../../queries/clusters/theme-suggestions.js';
import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import type { AppSession } from '../session.js';
import { layout } from './layout.js';

export interface SuggestionsPageData {
  session: AppSession;
  /** Each with the redacted text of its sample items. */
  suggestions: (ThemeSuggestion & { quotes: string[] })[];
  error?: string;
}

const KEYWORDS_SHOWN = 8;

function suggestionCard(session: AppSession, suggestion: SuggestionsPageData['suggestions'][number]) {
  const titleId = `suggestion-${suggestion.id}`;
  return html`<section class="panel suggestion" aria-labelledby="${titleId}" data-suggestion="${suggestion.id}">
    <h2 id="${titleId}"><a href="/app/themes/${encodeURIComponent(suggestion.id)}">${suggestion.label || 'Untitled theme'}</a></h2>
    <p class="muted">${suggestion.size} items, ${suggestion.recentSize} in the last 30 days.</p>
    <p class="keyword-line">
      <span class="visually-hidden">Top keywords:</span>
      ${suggestion.keywords.slice(0, KEYWORDS_SHOWN).map((k) => html`<span class="keyword">${k}</span> `)}
    </p>
    <ul class="quotes">
      ${suggestion.quotes.map((quote) => html`<li><blockquote>${quote}</blockquote></li>`)}
    </ul>
    ${
      session.role === 'editor'
        ? html`<form method="post" action="/app/suggestions/${encodeURIComponent(suggestion.id)}/accept">
            <input type="hidden" name="_csrf" value="${session.csrfToken}" />
            <button type="submit" class="button-primary" aria-describedby="${titleId}">Accept</button>
          </form>`
        : ''
    }
  </section>`;
}

/** /app/suggestions: discovered themes worth defining (as GET /api/v1/clusters/suggestions); editors accept one as a defined theme. */
export function suggestionsPage(assets: AppAssets, { session, suggestions, error }: SuggestionsPageData): string {
  return layout({
    title: 'Suggested themes',
    assets,
    session,
    current: 'suggestions',
    main: html`<div class="page-head">
        <h1>Suggested themes</h1>
        <p class="lede">
          Themes the clustering found in the last 30 days whose items mostly name no keyword of a defined theme. Accepting one makes it a defined theme with
          these keywords and its name, keeping its items.
        </p>
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      ${suggestions.length === 0 ? html`<p class="empty">No suggestions: the recent feedback fits the defined themes.</p>` : suggestions.map((s) => suggestionCard(session, s))}`,
  });
}
