import { html, type SafeHtml } from '../html.js';

/** "defined" for a theme a person defined or gave keywords, "discovered" for one the clustering formed. */
export function originBadge(origin: 'discovered' | 'defined' | undefined): SafeHtml {
  if (origin === undefined) return html``;
  return html`<span class="badge badge-origin badge-${origin}">${origin}</span>`;
}
