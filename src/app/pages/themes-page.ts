import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';
import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import { pageQueryString, type PageQuery } from '../page-query.js';
import type { AppSession } from '../session.js';
import { badges, changeText, money, sentimentBar, sparkline } from './figures.js';
import { layout } from './layout.js';
import { periodControl, periodText } from './period-control.js';

export interface ThemesPageData {
  session: AppSession;
  page: PageQuery;
  themes: ThemeTrend[];
  series: Map<string, number[]>;
}

/** /app: the project's themes ranked by count in the period, each with its change, trend, sentiment, revenue and flags. */
export function themesPage(assets: AppAssets, { session, page, themes, series }: ThemesPageData): string {
  const revenue = session.customerValueTrait !== null;
  const link = (id: string) => `/app/themes/${encodeURIComponent(id)}?${pageQueryString(page)}`;
  const rows = themes.map((theme) => {
    const change = changeText(theme.count, theme.previous, theme.growth);
    return html`<tr data-theme="${theme.id}">
      <th scope="row" data-label="Theme"><a href="${link(theme.id)}">${theme.label || 'Untitled theme'}</a> ${badges(theme)}</th>
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
      ${periodControl(page, { action: '/app', filters: true, bucket: false })}
      ${
        themes.length === 0
          ? html`<p class="empty">No themes have items in this period${Object.keys(page.filters).length ? ' with these filters' : ''}.</p>`
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
