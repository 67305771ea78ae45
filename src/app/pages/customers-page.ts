import type { CustomersAtRisk, RiskBandFilter } from '../../../queries/customers-at-risk/query.js';
import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import type { AppSession } from '../session.js';
import { money } from './figures.js';
import { bandBadge, dayText, reasonList } from './health-figures.js';
import { layout } from './layout.js';

export interface CustomersPageData {
  session: AppSession;
  band: RiskBandFilter;
  result: CustomersAtRisk;
  shown: number;
}

const FILTERS: { value: RiskBandFilter; label: string }[] = [
  { value: 'all', label: 'At risk and watch' },
  { value: 'at_risk', label: 'At risk' },
  { value: 'watch', label: 'Watch' },
];

/** /app/customers: users at risk, then to watch, the most valuable first within a band, each with the reasons of the score. */
export function customersPage(assets: AppAssets, { session, band, result, shown }: CustomersPageData): string {
  const revenue = session.customerValueTrait !== null;
  const rows = result.customers.map(
    (customer) =>
      html`<tr data-user="${customer.userId}">
        <th scope="row" data-label="Customer"><a href="/app/users/${encodeURIComponent(customer.userId)}">${customer.userId}</a></th>
        <td data-label="Score" class="num score">${customer.score}</td>
        <td data-label="Band">${bandBadge(customer.band)}</td>
        ${revenue ? html`<td data-label="Value" class="num">${customer.value === null ? '–' : money(customer.value)}</td>` : ''}
        <td data-label="Last feedback">${dayText(customer.lastFeedbackAt)}</td>
        <td data-label="Reasons">${reasonList(customer.reasons)}</td>
      </tr>`,
  );
  return layout({
    title: 'Customers at risk',
    assets,
    session,
    current: 'customers',
    main: html`<div class="page-head">
        <h1>Customers at risk</h1>
        <p class="lede">
          Customers whose health is at risk (below 40) or to watch (below 65), at risk first, then
          ${revenue ? `by customer value (${session.customerValueTrait}), highest first` : 'by score'}. Scores are as of now.
        </p>
      </div>
      <form method="get" action="/app/customers" class="controls" aria-label="Band">
        <label for="band">Show</label>
        <select id="band" name="band">
          ${FILTERS.map((filter) => html`<option value="${filter.value}" ${filter.value === band ? html`selected` : ''}>${filter.label}</option>`)}
        </select>
        <button type="submit">Apply</button>
      </form>
      ${result.truncated ? html`<p class="notice">Many customers have complaints: only the most valuable were scored.</p>` : ''}
      ${
        result.customers.length === 0
          ? html`<p class="empty">No customers ${band === 'watch' ? 'to watch' : band === 'at_risk' ? 'at risk' : 'at risk or to watch'}.</p>`
          : html`${result.customers.length === shown ? html`<p class="muted">The first ${shown}.</p>` : ''}
              <table class="customers">
                <caption class="visually-hidden">
                  Customers by health band, then value
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col" class="num">Score</th>
                    <th scope="col">Band</th>
                    ${revenue ? html`<th scope="col" class="num">Value</th>` : ''}
                    <th scope="col">Last feedback</th>
                    <th scope="col">Reasons</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>`
      }`,
  });
}
