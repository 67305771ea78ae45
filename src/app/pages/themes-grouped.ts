import type { TaxonomyEntry } from '../../../queries/clusters/theme-taxonomy.js';
import type { AreaRollup } from '../../../queries/trends/area-figures.js';
import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';
import { html, type SafeHtml } from '../html.js';
import { badges, changeText, money, sentimentBar, sparkline } from './figures.js';
import { originBadge } from './origin-badge.js';
import { groupByArea, type AreaFigures } from './theme-areas.js';

export interface GroupedThemesData {
  themes: ThemeTrend[];
  taxonomy: Map<string, TaxonomyEntry>;
  series: Map<string, number[]>;
  /** Per parent area, the revenue of its items in the period; undefined when the project has no customer value. */
  areaRevenue?: Map<string, number>;
  /** Per parent area, the figures of all its items, listed themes or not. */
  areaRollups?: Map<string, AreaRollup>;
  link: (id: string) => string;
}

function figureCells(figures: AreaFigures, revenue: number | undefined): SafeHtml {
  const change = changeText(figures.count, figures.previous, figures.previous === 0 ? null : (figures.count - figures.previous) / figures.previous);
  return html`<td data-label="Items" class="num count">${figures.count}</td>
    <td data-label="Change" class="num change change-${change.tone}">
      ${change.text}<span class="visually-hidden"> against ${figures.previous} in the period before</span>
    </td>
    <td data-label="Trend">${sparkline(figures.series)}</td>
    <td data-label="Sentiment">${sentimentBar(figures.sentiment)}</td>
    <td data-label="Churn risk" class="num churn">${figures.churnRiskCount}</td>
    ${revenue === undefined ? '' : html`<td data-label="Revenue" class="num">${money(revenue)}</td>`}`;
}

/** "3 themes", or "3 of 7 themes listed" when the area has themes in the period that the page does not list. */
function areaCount(listed: number, themes: number): string {
  const noun = themes === 1 ? 'theme' : 'themes';
  return listed < themes ? `${listed} of ${themes} ${noun} listed` : `${listed} ${listed === 1 ? 'theme' : 'themes'}`;
}

/** The themes page grouped by parent area: a roll-up row per area, then its themes; themes in no area under "No area". */
export function groupedThemesTable({ themes, taxonomy, series, areaRevenue, areaRollups, link }: GroupedThemesData): SafeHtml {
  const { areas, unfiled } = groupByArea(themes, taxonomy, series, areaRollups);
  const revenue = areaRevenue !== undefined;
  const themeRow = (theme: ThemeTrend, note: SafeHtml | string = '') =>
    html`<tr class="area-theme" data-theme="${theme.id}">
      <th scope="row" data-label="Theme">
        <a href="${link(theme.id)}">${theme.label || 'Untitled theme'}</a>${note} ${originBadge(taxonomy.get(theme.id)?.origin)} ${badges(theme)}
      </th>
      ${figureCells({ ...theme, series: series.get(theme.id) ?? [] }, revenue ? theme.revenue : undefined)}
    </tr>`;
  const columns = 6 + (revenue ? 1 : 0);
  return html`<table class="themes themes-grouped">
    <caption class="visually-hidden">
      Themes grouped by parent area; each area's row adds up its own items and its themes'
    </caption>
    <thead>
      <tr>
        <th scope="col">Area and theme</th>
        <th scope="col" class="num">Items</th>
        <th scope="col" class="num">Change</th>
        <th scope="col">Trend</th>
        <th scope="col">Sentiment</th>
        <th scope="col" class="num">Churn risk</th>
        ${revenue ? html`<th scope="col" class="num">Revenue</th>` : ''}
      </tr>
    </thead>
    ${areas.map(
      (area) =>
        html`<tbody class="area" data-area="${area.parent.id}">
          <tr class="area-row">
            <th scope="rowgroup" data-label="Area">
              <a href="${link(area.parent.id)}">${area.parent.label || 'Untitled theme'}</a> ${originBadge(area.parent.origin)}
              <span class="area-count">${areaCount(area.children.length, area.themes)}</span>
            </th>
            ${figureCells(area.rollup, areaRevenue?.get(area.parent.id) ?? (revenue ? 0 : undefined))}
          </tr>
          ${area.own ? themeRow(area.own, html` <span class="muted">(filed directly under the area)</span>`) : ''} ${area.children.map((t) => themeRow(t))}
        </tbody>`,
    )}
    ${
      unfiled.length === 0
        ? ''
        : html`<tbody class="area area-none">
            <tr class="area-row">
              <th scope="rowgroup" colspan="${columns}" data-label="Area">No area</th>
            </tr>
            ${unfiled.map((t) => themeRow(t))}
          </tbody>`
    }
  </table>`;
}
