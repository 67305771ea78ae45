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

/** The theme's items as quotes (their redacted text), each with an anchor to link to it. */
export function themeItemList(items: ThemeItem[], total: number): SafeHtml {
  if (items.length === 0) return html`<p class="muted">No items in this period.</p>`;
  return html`${total > items.length ? html`<p class="muted">The ${items.length} newest of ${total}.</p>` : ''}
    <ol class="quotes">
      ${items.map((item) => {
        const back = linkBack(item.metadata);
        return html`<li id="item-${item.id}" class="quote quote-${item.sentiment ?? 'pending'}">
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
