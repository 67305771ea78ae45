import type { ThemeCustomer } from '../../../queries/trends/theme-customers.js';
import { html, type SafeHtml } from '../html.js';
import { money } from './figures.js';
import { bandBadge } from './health-figures.js';

/** The theme's users in the period, the most valuable first, each with their health band and items here, and how many more there are. */
export function themeCustomerList({ customers, total }: { customers: ThemeCustomer[]; total: number }, showValue: boolean): SafeHtml {
  const rest = total - customers.length;
  return html`<section class="panel theme-customers" aria-labelledby="customers-title">
    <h2 id="customers-title">Customers</h2>
    ${
      customers.length === 0
        ? html`<p class="muted">No known users in this period.</p>`
        : html`<ol class="customer-list">
              ${customers.map(
                (c) =>
                  html`<li data-user="${c.userId}">
                    <a href="/app/users/${encodeURIComponent(c.userId)}">${c.userId}</a>
                    ${showValue ? html`<span class="num">${c.value === null ? '–' : money(c.value)}</span>` : ''} ${bandBadge(c.band)}
                    <span class="muted">${c.items} ${c.items === 1 ? 'item' : 'items'}</span>
                  </li>`,
              )}
            </ol>
            ${rest > 0 ? html`<p class="muted">and ${rest} more.</p>` : ''}`
    }
  </section>`;
}
