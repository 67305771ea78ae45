import { FEEDBACK_TYPES, SENTIMENTS } from '../../analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../domain/feedback/events.js';
import type { AppAssets } from '../assets.js';
import { feedbackQueryString, newerQueryString, olderQueryString, type FeedbackPageQuery } from '../feedback-query.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';
import { layout } from './layout.js';

export interface ShownItem {
  id: string;
  text: string;
  sentiment: string | null;
  type: string | null;
  language: string | null;
  clusterId: string | null;
  createdAt: string;
  /** Search only: how close in meaning to the query, 0 to 1. */
  score?: number;
}

export interface FeedbackPageData {
  session: AppSession;
  page: FeedbackPageQuery;
  items: ShownItem[];
  nextBefore: string | null;
  labels: Map<string, string>;
}

const WHEN = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}" ${selected === value ? html` selected` : ''}>${label}</option>`;

const select = (name: string, label: string, values: readonly string[], selected: string | undefined) =>
  html`<label
    >${label}
    <select name="${name}">
      ${option('', 'Any', selected)}${values.map((v) => option(v, v.replace('_', ' '), selected))}
    </select></label
  >`;

function filterForm(page: FeedbackPageQuery): SafeHtml {
  const churn = page.churnRisk === undefined ? undefined : String(page.churnRisk);
  return html`<form class="controls feedback-filters" method="get" action="/app/feedback" aria-label="Search and filters">
    <label class="feedback-search"
      >Search by meaning <input type="search" name="q" value="${page.q ?? ''}" maxlength="500" placeholder="e.g. cannot log in"
    /></label>
    <fieldset class="filters">
      <legend>Only items</legend>
      ${select('sentiment', 'Sentiment', SENTIMENTS, page.sentiment)} ${select('type', 'Type', FEEDBACK_TYPES, page.type)}
      ${select('source', 'Source', FEEDBACK_SOURCES, page.source)}
      <label>Language <input type="text" name="language" value="${page.language ?? ''}" size="4" maxlength="3" placeholder="en" /></label>
      <label
        >Churn risk
        <select name="churnRisk">
          ${option('', 'Any', churn)}${option('true', 'Yes', churn)}${option('false', 'No', churn)}
        </select></label
      >
      <label>Theme id <input type="text" name="cluster" value="${page.cluster ?? ''}" size="12" /></label>
      ${[...page.meta, ''].map((pair) => html`<label>Metadata <input type="text" name="meta" value="${pair}" size="12" placeholder="plan:pro" /></label>`)}
    </fieldset>
    <fieldset class="period">
      <legend>Period</legend>
      <span class="dates">
        <label>From <input type="date" name="from" value="${page.fromDate ?? ''}" /></label>
        <label>To <input type="date" name="to" value="${page.toDate ?? ''}" /></label>
      </span>
    </fieldset>
    <button type="submit" class="button-primary">Apply</button>
    <a href="/app/feedback">Clear</a>
  </form>`;
}

function itemRow(item: ShownItem, labels: Map<string, string>): SafeHtml {
  const theme = item.clusterId
    ? html`<a href="/app/themes/${encodeURIComponent(item.clusterId)}">${labels.get(item.clusterId) || 'Untitled theme'}</a>`
    : html`<span class="muted">no theme yet</span>`;
  return html`<li class="quote quote-${item.sentiment ?? 'pending'}" data-item="${item.id}">
    <blockquote>${item.text}</blockquote>
    <p class="quote-meta">
      <time datetime="${item.createdAt}">${WHEN.format(new Date(item.createdAt))} UTC</time>
      · <span data-field="sentiment">${item.sentiment ?? 'pending'}</span> · <span data-field="type">${item.type?.replace('_', ' ') ?? '–'}</span> ·
      <span data-field="language">${item.language ?? '–'}</span> · ${theme}${item.score !== undefined ? html` · match ${item.score.toFixed(2)}` : ''}
    </p>
  </li>`;
}

function pager(page: FeedbackPageQuery, nextBefore: string | null): SafeHtml {
  const newer = newerQueryString(page);
  if (newer === undefined && nextBefore === null) return html``;
  return html`<nav class="feedback-pager" aria-label="Pages">
    ${newer === undefined ? html`<span class="muted">Newer</span>` : html`<a href="/app/feedback?${newer}" rel="prev">← Newer</a>`}
    ${nextBefore === null ? html`<span class="muted">Older</span>` : html`<a href="/app/feedback?${olderQueryString(page, nextBefore)}" rel="next">Older →</a>`}
  </nav>`;
}

/** /app/feedback: the items (redacted text) matching the filters, newest first and paged, or the nearest in meaning to a search. */
export function feedbackPage(assets: AppAssets, { session, page, items, nextBefore, labels }: FeedbackPageData): string {
  const searching = page.q !== undefined;
  return layout({
    title: 'Feedback',
    assets,
    session,
    current: 'feedback',
    main: html`<div class="page-head">
        <h1>Feedback</h1>
        <p class="lede">
          ${searching ? `The ${items.length} items nearest in meaning to “${page.q}”, best first.` : 'Every item, newest first, as its redacted text.'}
        </p>
      </div>
      ${filterForm(page)}
      <p class="feedback-export">
        <a href="/app/feedback/export?${feedbackQueryString(page)}" download
          >Export what is shown (CSV)<span class="visually-hidden"
            >: ${searching ? 'these results' : 'every item matching these filters, not only this page'}</span
          ></a
        >
      </p>
      ${
        items.length === 0
          ? html`<p class="empty">No items${searching ? '' : ' match these filters'}.</p>`
          : html`<ol class="quotes feedback-items">
              ${items.map((item) => itemRow(item, labels))}
            </ol>`
      }
      ${searching ? '' : pager(page, nextBefore)}`,
  });
}
