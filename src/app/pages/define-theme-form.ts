import { DESCRIPTION_LIMIT_CHARS } from '../../domain/cluster/definition-rules.js';
import { LABEL_LIMIT_CHARS } from '../../domain/cluster/label-rules.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';

export interface ParentChoice {
  id: string;
  label: string;
  size: number;
}

/** The parent area select: "none" first, then the themes that can be parents. */
export function parentSelect(id: string, choices: ParentChoice[], selected: string | null): SafeHtml {
  return html`<select id="${id}" name="parentId">
    <option value="">No parent area</option>
    ${choices.map((c) => html`<option value="${c.id}" ${c.id === selected ? html` selected` : ''}>${c.label || 'Untitled theme'} (${c.size})</option>`)}
  </select>`;
}

/** Define a theme (the same command as POST /api/v1/clusters), for editors on the themes page. */
export function defineThemeForm(session: AppSession, choices: ParentChoice[], refused: boolean): SafeHtml {
  if (session.role !== 'editor') return html``;
  return html`<details class="panel define-theme" ${refused ? html` open` : ''}>
    <summary>Define a theme</summary>
    <form method="post" action="/app/themes" class="stack">
      <input type="hidden" name="_csrf" value="${session.csrfToken}" />
      <label for="define-label">Name</label>
      <input id="define-label" name="label" type="text" required maxlength="${LABEL_LIMIT_CHARS}" autocomplete="off" />
      <label for="define-keywords">Keywords</label>
      <textarea id="define-keywords" name="keywords" rows="3" required aria-describedby="define-keywords-hint"></textarea>
      <p class="hint" id="define-keywords-hint">
        Separated by commas or one a line, such as: invoice, charged twice, refund. Items naming one move in within a minute.
      </p>
      <label for="define-description">Description (optional)</label>
      <textarea id="define-description" name="description" rows="2" maxlength="${DESCRIPTION_LIMIT_CHARS}"></textarea>
      <label for="define-parent">Parent area (optional)</label>
      ${parentSelect('define-parent', choices, null)}
      <button type="submit" class="button-primary">Define theme</button>
    </form>
  </details>`;
}
