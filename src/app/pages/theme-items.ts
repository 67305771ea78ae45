import { html, type SafeHtml } from '../html.js';

export interface ThemeItem {
  id: string;
  text: string;
  sentiment: string | null;
  type: string | null;
  language: string | null;
  source: string;
  createdAt: string;
  metadata: Record<string, unknown>;
}

const WHEN = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** An item's own link back (a call's recording, say), when its metadata holds a web address. */
function linkBack(metadata: Record<string, unknown>): string | undefined {
  const url = metadata.url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
}

/** A checkbox that ticks the item for the form named (which may stand elsewhere on the page). */
const pick = (item: ThemeItem, form: string) =>
  html`<p class="quote-pick">
    <input type="checkbox" id="pick-${item.id}" name="item" value="${item.id}" form="${form}" />
    <label for="pick-${item.id}">Tick<span class="visually-hidden"> this item (${item.id})</span></label>
  </p>`;

/** The theme's items as quotes (their redacted text), each with an anchor to link to it; with `pickForm`, a checkbox each for that form. */
export function themeItemList(items: ThemeItem[], total: number, pickForm?: string): SafeHtml {
  if (items.length === 0) return html`<p class="muted">No items in this period.</p>`;
  return html`${total > items.length ? html`<p class="muted">The ${items.length} newest of ${total}.</p>` : ''}
    <ol class="quotes">
      ${items.map((item) => {
        const back = linkBack(item.metadata);
        return html`<li id="item-${item.id}" class="quote quote-${item.sentiment ?? 'pending'}">
          ${pickForm ? pick(item, pickForm) : ''}
          <blockquote>${item.text}</blockquote>
          <p class="quote-meta">
            <time datetime="${item.createdAt}">${WHEN.format(new Date(item.createdAt))} UTC</time>
            · ${item.sentiment ?? 'pending'} · ${item.type ?? '–'} · ${item.language ?? '–'} · ${item.source} ·
            <a href="#item-${item.id}" aria-label="Link to this item (${item.id})">Link</a
            >${back ? html` · <a href="${back}" rel="noopener noreferrer" target="_blank">Source<span class="visually-hidden"> (opens a new tab)</span></a>` : ''}
          </p>
        </li>`;
      })}
    </ol>`;
}
