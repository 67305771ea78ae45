import type { TrendBucket } from '../../../queries/trends/cluster-trend.js';
import type { ThemeCustomer } from '../../../queries/trends/theme-customers.js';
import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';
import type { AppAssets } from '../assets.js';
import { html, SafeHtml } from '../html.js';
import { pageQueryString, type PageQuery } from '../page-query.js';
import type { AppSession } from '../session.js';
import { badges, changeText, money, sentimentBar } from './figures.js';
import { layout } from './layout.js';
import { periodControl, periodText } from './period-control.js';
import type { ParentChoice } from './define-theme-form.js';
import { originBadge } from './origin-badge.js';
import { themeDefinition, type ThemeDefinition } from './theme-definition.js';
import { themeEditing, type MergeCandidate } from './theme-editing.js';
import { ITEM_EDITS_FORM, themeItemEdits } from './theme-item-edits.js';
import { themeCustomerList } from './theme-customers.js';
import { themeItemList, type ThemeItem } from './theme-items.js';
import { themeLinks, themeStatus } from './theme-status.js';

export interface ThemePageData {
  session: AppSession;
  page: PageQuery;
  theme: { id: string; label: string; status: string; size: number; links: string[] };
  /** The theme's figures in the period (undefined when it has no items in it nor before). */
  trend?: ThemeTrend;
  buckets: TrendBucket[];
  items: ThemeItem[];
  mix: { languages: { value: string; count: number }[]; sources: { value: string; count: number }[] };
  /** Its users in the period, the most valuable first (at most a page of them), and how many in all. */
  customers: { customers: ThemeCustomer[]; total: number };
  mergeCandidates: MergeCandidate[];
  definition: ThemeDefinition;
  /** The themes it can be filed under (editors only). */
  parentChoices: ParentChoice[];
  /** What went wrong with an edit just tried, shown above the forms. */
  error?: string;
  notice?: string | SafeHtml;
}

/** The trend as JSON for the chart script (a data island: not executed, so the page keeps its strict policy). */
function chartData(buckets: TrendBucket[]): SafeHtml {
  const data = {
    starts: buckets.map((b) => Date.parse(b.start) / 1000),
    counts: buckets.map((b) => b.count),
    negative: buckets.map((b) => b.sentiment.negative),
  };
  // Script text is not entity-decoded: the JSON goes in as it is, with `<` escaped so that no `</script>` can end it.
  const json = new SafeHtml(JSON.stringify(data).replace(/</g, '\\u003c'));
  return html`<script type="application/json" id="trend-data">
    ${json}
  </script>`;
}

const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function bucketTable(buckets: TrendBucket[], bucket: string, revenue: boolean): SafeHtml {
  return html`<details class="chart-table">
    <summary>Show the ${bucket === 'week' ? 'weekly' : 'daily'} figures as a table</summary>
    <table>
      <thead>
        <tr>
          <th scope="col">${bucket === 'week' ? 'Week of' : 'Day'}</th>
          <th scope="col" class="num">Items</th>
          <th scope="col" class="num">Negative</th>
          ${revenue ? html`<th scope="col" class="num">Revenue</th>` : ''}
        </tr>
      </thead>
      <tbody>
        ${buckets.map(
          (b) =>
            html`<tr>
              <th scope="row">${DAY.format(new Date(b.start))}</th>
              <td class="num">${b.count}</td>
              <td class="num">${b.sentiment.negative}</td>
              ${revenue ? html`<td class="num">${money(b.revenue)}</td>` : ''}
            </tr>`,
        )}
      </tbody>
    </table>
  </details>`;
}

const countList = (entries: { value: string; count: number }[]) =>
  entries.length === 0
    ? html`<p class="muted">None in this period.</p>`
    : html`<ul class="count-list">
        ${entries.map((e) => html`<li><span>${e.value}</span> <span class="num">${e.count}</span></li>`)}
      </ul>`;

/** /app/themes/{id}: the theme's trend chart, its quotes, where they come from, its status and tracker links; editors change them here. */
export function themePage(assets: AppAssets, data: ThemePageData): string {
  const { session, page, theme, trend, buckets } = data;
  const count = trend?.count ?? 0;
  const change = changeText(count, trend?.previous ?? 0, trend?.growth ?? null);
  const action = `/app/themes/${encodeURIComponent(theme.id)}`;
  const returnTo = `${action}?${pageQueryString(page, { bucket: page.bucket })}`;
  const editor = session.role === 'editor' && data.items.length > 0;
  return layout({
    title: theme.label || 'Theme',
    assets,
    session,
    scripts: html`<link rel="stylesheet" href="${assets.url('uplot.css')}" />
      <script src="${assets.url('uplot.js')}" defer></script>
      <script src="${assets.url('theme-chart.js')}" defer></script>`,
    main: html`<nav aria-label="Breadcrumb" class="breadcrumb">
        <a href="/app?${pageQueryString(page)}">Themes</a> <span aria-hidden="true">›</span> <span aria-current="page">${theme.label || 'Untitled theme'}</span>
      </nav>
      <div class="page-head">
        <h1>
          ${theme.label || 'Untitled theme'} ${originBadge(data.definition.origin)}
          ${badges({ spiking: trend?.spiking ?? false, regressed: trend?.regressed ?? false, new: trend?.new ?? false, status: theme.status })}
        </h1>
        <p class="lede">Over ${periodText(page)}.</p>
      </div>
      ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : ''} ${data.error ? html`<p class="error" role="alert">${data.error}</p>` : ''}
      ${periodControl(page, { action, filters: false, segment: true, bucket: true })}
      <dl class="stats">
        <div>
          <dt>Items</dt>
          <dd>${count}</dd>
        </div>
        <div>
          <dt>Change</dt>
          <dd class="change-${change.tone}">${change.text}</dd>
        </div>
        ${
          session.customerValueTrait !== null
            ? html`<div>
                <dt>Revenue</dt>
                <dd>${money(trend?.revenue ?? 0)}</dd>
              </div>`
            : ''
        }
        <div>
          <dt>Status</dt>
          <dd>${theme.status}</dd>
        </div>
        <div>
          <dt>Churn risk</dt>
          <dd>${trend?.churnRiskCount ?? 0}</dd>
        </div>
        <div>
          <dt>All time</dt>
          <dd>${theme.size}</dd>
        </div>
      </dl>
      <section class="panel" aria-labelledby="trend-title">
        <h2 id="trend-title">Items per ${page.bucket}</h2>
        <figure class="chart-figure">
          <div
            id="trend-chart"
            class="chart"
            role="img"
            aria-label="Items per ${page.bucket} over the period: ${count} in all; the table below has the figures."
          ></div>
          <figcaption class="legend"><span class="key key-total"></span> All items <span class="key key-negative"></span> Negative</figcaption>
        </figure>
        ${chartData(buckets)} ${bucketTable(buckets, page.bucket, session.customerValueTrait !== null)}
      </section>
      <div class="columns">
        <section class="panel" aria-labelledby="items-title">
          <h2 id="items-title">What people said</h2>
          ${trend ? html`<p class="mix-line">${sentimentBar(trend.sentiment)}</p>` : ''}
          ${themeItemList(data.items, count, editor ? ITEM_EDITS_FORM : undefined)}
          ${editor ? themeItemEdits(session, theme, data.mergeCandidates, returnTo) : ''}
        </section>
        <aside class="side" aria-label="About this theme">
          ${themeCustomerList(data.customers, session.customerValueTrait !== null)}
          <section class="panel" aria-labelledby="languages-title">
            <h2 id="languages-title">Languages</h2>
            ${countList(data.mix.languages)}
          </section>
          <section class="panel" aria-labelledby="sources-title">
            <h2 id="sources-title">Sources</h2>
            ${countList(data.mix.sources)}
          </section>
          ${themeDefinition(session, theme.id, data.definition, data.parentChoices)} ${themeStatus(session, theme, returnTo)} ${themeLinks(theme.links)}
          ${themeEditing(session, theme, data.mergeCandidates, returnTo)}
        </aside>
      </div>`,
  });
}
