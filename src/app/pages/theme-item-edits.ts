import { LABEL_LIMIT_CHARS } from '../../domain/cluster/label-rules.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';
import type { MergeCandidate } from './theme-editing.js';

/** The form the quotes' checkboxes belong to (through their `form` attribute). */
export const ITEM_EDITS_FORM = 'item-edits';

/**
 * Split the checked items into a new theme, or move them to another one: the same commands as
 * POST /clusters/{id}/split and POST /feedback/{id}/cluster. One form, two buttons (the second posts elsewhere).
 */
export function themeItemEdits(session: AppSession, theme: { id: string }, targets: MergeCandidate[], returnTo: string): SafeHtml {
  const action = `/app/themes/${encodeURIComponent(theme.id)}`;
  return html`<form id="${ITEM_EDITS_FORM}" method="post" action="${action}/split" class="item-edits">
    <input type="hidden" name="_csrf" value="${session.csrfToken}" />
    <input type="hidden" name="return" value="${returnTo}" />
    <p class="hint">Tick the items above, then split them off or move them.</p>
    <fieldset>
      <legend>Split the ticked items into a new theme</legend>
      <label for="split-label">Name of the new theme</label>
      <input id="split-label" name="label" type="text" maxlength="${LABEL_LIMIT_CHARS}" autocomplete="off" placeholder="Automatic from its items" />
      <button type="submit" class="button-primary">Split</button>
    </fieldset>
    <fieldset>
      <legend>Move the ticked items to another theme</legend>
      ${
        targets.length === 0
          ? html`<p class="muted">No other theme to move them to.</p>`
          : html`<label for="move-to">Theme</label>
              <select id="move-to" name="to">
                <option value="">Choose a theme…</option>
                ${targets.map((c) => html`<option value="${c.id}">${c.label || 'Untitled theme'} (${c.size})</option>`)}
              </select>
              <button type="submit" formaction="${action}/move" class="button-secondary">Move</button>`
      }
    </fieldset>
  </form>`;
}
