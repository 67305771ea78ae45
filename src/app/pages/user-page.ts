import type { findUser } from '../../../queries/user-detail/query.js';
import type { AppAssets } from '../assets.js';
import { html } from '../html.js';
import type { AppSession } from '../session.js';
import { money } from './figures.js';
import { bandBadge, dayText, reasonList } from './health-figures.js';
import { layout } from './layout.js';
import { themeItemList } from './theme-items.js';

export type UserDetail = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The newest items listed on the page; the reasons link to those among them. */
export const RECENT_ITEMS_SHOWN = 50;

/** /app/users/{id}: one customer's health as GET /api/v1/users/{id} gives it, with the reasons, traits and recent items. */
export function userPage(assets: AppAssets, { session, user }: { session: AppSession; user: UserDetail }): string {
  const recent = user.feedback.slice(0, RECENT_ITEMS_SHOWN);
  const listed = new Set(recent.map((item) => item.id));
  const itemLink = (id: string) => (listed.has(id) ? `#item-${id}` : undefined);
  const value = session.customerValueTrait === null ? undefined : user.valueMarks[session.customerValueTrait];
  const traits = Object.entries(user.traits);
  return layout({
    title: `Customer ${user.userId}`,
    assets,
    session,
    current: 'customers',
    main: html`<p class="breadcrumb"><a href="/app/customers">Customers at risk</a></p>
      <div class="page-head">
        <h1>${user.userId}</h1>
        <p class="lede">
          Health <strong class="health-score">${user.health.score}</strong> of 100 ${bandBadge(user.health.band)} · ${user.feedbackCount} items · first seen
          ${dayText(user.firstSeenAt)}, last seen ${dayText(user.lastSeenAt)}${value ? html` · customer value ${money(value.current)}` : ''}
        </p>
      </div>
      <div class="columns">
        <section class="panel" aria-labelledby="reasons-heading">
          <h2 id="reasons-heading">Why this score</h2>
          <p class="hint">Points against the baseline of 70, largest effect first.</p>
          ${reasonList(user.health.reasons, itemLink)}
        </section>
        <section class="panel" aria-labelledby="traits-heading">
          <h2 id="traits-heading">Traits</h2>
          ${
            traits.length === 0
              ? html`<p class="muted">No traits.</p>`
              : html`<dl class="traits">
                  ${traits.map(
                    ([name, trait]) =>
                      html`<dt>${name}</dt>
                        <dd>${String(trait)}</dd>`,
                  )}
                </dl>`
          }
        </section>
      </div>
      <section aria-labelledby="items-heading">
        <h2 id="items-heading">Recent items</h2>
        ${themeItemList(recent, user.feedbackCount)}
      </section>`,
  });
}
