import type { TaxonomyEntry } from '../../../queries/clusters/theme-taxonomy.js';
import type { AreaRollup } from '../../../queries/trends/area-figures.js';
import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';
import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import { pageQueryString, type PageQuery } from '../page-query.js';
import type { AppSession } from '../session.js';
import { badges, changeText, money, sentimentBar, sparkline } from './figures.js';
import { defineThemeForm, type ParentChoice } from './define-theme-form.js';
import { layout } from './layout.js';
import { originBadge } from './origin-badge.js';
import { periodControl, periodText } from './period-control.js';
import { groupedThemesTable } from './themes-grouped.js';

export interface ThemesPageData {
  session: AppSession;
  page: PageQuery;
  themes: ThemeTrend[];
  series: Map<string, number[]>;
  taxonomy: Map<string, TaxonomyEntry>;
  /** Grouped by parent area (`group=area`), with each area's revenue when the page shows revenue. */
  grouped: boolean;
  areaRevenue?: Map<string, number>;
  /** When grouped: every area's figures over all its items, listed themes or not. */
  areaRollups?: Map<string, AreaRollup>;
  /** The themes a new theme can be filed under (editors only). */
  parentChoices: ParentChoice[];
  /** Why defining a theme was refused, shown above the form. */
  error?: string;
}

/** The view control, inside the period form so that the period and filters keep the grouping and back. */
const groupControl = (grouped: boolean) =>
  html`<fieldset class="view">
    <legend>View</legend>
    <label class="choice"><input type="checkbox" name="group" value="area" ${grouped ? html` checked` : ''} /> Group by parent area</label>
  </fieldset>`;

/** /app: the project's themes ranked by count in the period, each with its change, trend, sentiment, revenue and flags. */
export function themesPage(assets: AppAssets, data: ThemesPageData): string {
  const { session, page, themes, series, taxonomy } = data;
  const revenue = session.customerValueTrait !== null;
  const link = (id: string) => `/app/themes/${encodeURIComponent(id)}?${pageQueryString(page)}`;
  const rows = themes.map((theme) => {
    const change = changeText(theme.count, theme.previous, theme.growth);
    return html`<tr data-theme="${theme.id}">
      <th scope="row" data-label="Theme">
        <a href="${link(theme.id)}">${theme.label || 'Untitled theme'}</a> ${originBadge(taxonomy.get(theme.id)?.origin)} ${badges(theme)}
      </th>
      <td data-label="Items" class="num count">${theme.count}</td>
      <td data-label="Change" class="num change change-${change.tone}">
        ${change.text}<span class="visually-hidden"> against ${theme.previous} in the period before</span>
      </td>
      <td data-label="Trend">${sparkline(series.get(theme.id) ?? [])}</td>
      <td data-label="Sentiment">${sentimentBar(theme.sentiment)}</td>
      ${revenue ? html`<td data-label="Revenue" class="num">${money(theme.revenue)}</td>` : ''}
    </tr>`;
  });
  const total = themes.reduce((sum, theme) => sum + theme.count, 0);
  return layout({
    title: 'Themes',
    assets,
    session,
    current: 'themes',
    main: html`<div class="page-head">
        <h1>Themes</h1>
        <p class="lede">
          ${total} items in ${themes.filter((t) => t.count > 0).length} themes over ${periodText(page)}, compared with the
          ${page.days ? `${page.days} days` : 'same length of time'} before.
        </p>
      </div>
      ${data.error ? html`<p class="error" role="alert">${data.error}</p>` : ''}
      ${periodControl(page, { action: '/app', filters: true, bucket: false, extra: groupControl(data.grouped) })}
      ${defineThemeForm(session, data.parentChoices, data.error !== undefined)}
      ${
        themes.length === 0
          ? html`<p class="empty">No themes have items in this period${Object.keys(page.filters).length ? ' with these filters' : ''}.</p>`
          : data.grouped
            ? groupedThemesTable({
                themes,
                taxonomy,
                series,
                areaRevenue: revenue ? (data.areaRevenue ?? new Map()) : undefined,
                areaRollups: data.areaRollups,
                link,
              })
            : html`<table class="themes">
                <caption class="visually-hidden">
                  Themes ranked by items in the period
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Theme</th>
                    <th scope="col" class="num">Items</th>
                    <th scope="col" class="num">Change</th>
                    <th scope="col">Trend</th>
                    <th scope="col">Sentiment</th>
                    ${revenue ? html`<th scope="col" class="num">Revenue</th>` : ''}
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>`
      }`,
  });
}
