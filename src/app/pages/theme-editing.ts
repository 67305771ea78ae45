import { LABEL_LIMIT_CHARS } from '../../domain/cluster/label-rules.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';

export interface MergeCandidate {
  id: string;
  label: string;
  size: number;
}

/** Rename and merge for editors (the same commands as PATCH /clusters/{id} and POST /clusters/{id}/merge); a note for viewers. */
export function themeEditing(session: AppSession, theme: { id: string; label: string }, candidates: MergeCandidate[], returnTo: string): SafeHtml {
  if (session.role !== 'editor') {
    return html`<section class="panel" aria-labelledby="edit-title">
      <h2 id="edit-title">Editing</h2>
      <p class="muted">You have view access: renaming and merging need an editor link.</p>
    </section>`;
  }
  const action = `/app/themes/${encodeURIComponent(theme.id)}`;
  return html`<section class="panel" aria-labelledby="rename-title">
      <h2 id="rename-title">Rename</h2>
      <form method="post" action="${action}/rename" class="stack">
        <input type="hidden" name="_csrf" value="${session.csrfToken}" />
        <input type="hidden" name="return" value="${returnTo}" />
        <label for="label">New name</label>
        <input id="label" name="label" type="text" required maxlength="${LABEL_LIMIT_CHARS}" value="${theme.label}" autocomplete="off" />
        <button type="submit" class="button-primary">Rename</button>
      </form>
    </section>
    <section class="panel" aria-labelledby="merge-title">
      <h2 id="merge-title">Merge</h2>
      ${
        candidates.length === 0
          ? html`<p class="muted">No other theme to merge into.</p>`
          : html`<form method="post" action="${action}/merge" class="stack">
              <input type="hidden" name="_csrf" value="${session.csrfToken}" />
              <label for="into">Move every item of this theme into</label>
              <select id="into" name="into" required>
                <option value="">Choose a theme…</option>
                ${candidates.map((c) => html`<option value="${c.id}">${c.label || 'Untitled theme'} (${c.size})</option>`)}
              </select>
              <p class="hint">This theme then disappears; the one you choose keeps its name.</p>
              <button type="submit" class="button-danger">Merge</button>
            </form>`
      }
    </section>`;
}
