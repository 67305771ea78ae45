import type { HealthReason } from '../../domain/user/health.js';
import { html, type SafeHtml } from '../html.js';

const BAND_TEXT = { at_risk: 'At risk', watch: 'Watch', healthy: 'Healthy' } as const;
const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A health band as a badge whose words carry the meaning (the colour only repeats it). */
export const bandBadge = (band: keyof typeof BAND_TEXT): SafeHtml => html`<span class="badge badge-band badge-band-${band}">${BAND_TEXT[band]}</span>`;

export const dayText = (iso: string | null): SafeHtml =>
  iso === null ? html`<span class="muted">–</span>` : html`<time datetime="${iso}">${DAY.format(new Date(iso))}</time>`;

/** Signed points as a person reads them: +8, −65. */
export const pointsText = (points: number): string => (points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0');

/** The reasons of a score, largest effect first; `itemLink` turns an item id into its link (or plain text when undefined). */
export function reasonList(reasons: HealthReason[], itemLink?: (feedbackId: string) => string | undefined): SafeHtml {
  if (reasons.length === 0) return html`<p class="muted">Nothing to go on: the baseline score.</p>`;
  return html`<ul class="reasons">
    ${reasons.map(
      (reason) =>
        html`<li data-factor="${reason.factor}">
          <span class="reason-points num">${pointsText(reason.points)}</span> <span class="reason-text">${reason.text}</span>
          ${
            itemLink && reason.feedbackIds.length > 0
              ? html`<span class="reason-items"
                  >Items:
                  ${reason.feedbackIds.map((id, index) => {
                    const href = itemLink(id);
                    return html`${index > 0 ? ', ' : ''}${href ? html`<a href="${href}">${id}</a>` : html`<span>${id}</span>`}`;
                  })}</span
                >`
              : ''
          }
        </li>`,
    )}
  </ul>`;
}
