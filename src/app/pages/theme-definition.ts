import { DESCRIPTION_LIMIT_CHARS } from '../../domain/cluster/definition-rules.js';
import { html, type SafeHtml } from '../html.js';
import type { AppSession } from '../session.js';
import { parentSelect, type ParentChoice } from './define-theme-form.js';
import { originBadge } from './origin-badge.js';

export interface ThemeDefinition {
  origin: 'discovered' | 'defined';
  keywords: string[];
  description: string | null;
  parent: { id: string; label: string } | null;
  childCount: number;
}

function readOnly(definition: ThemeDefinition): SafeHtml {
  return html`<dl class="definition">
    <dt>Keywords</dt>
    <dd>
      ${
        definition.keywords.length === 0
          ? html`<span class="muted">None: the clustering formed this theme.</span>`
          : html`<ul class="keyword-list">
              ${definition.keywords.map((k) => html`<li>${k}</li>`)}
            </ul>`
      }
    </dd>
    <dt>Description</dt>
    <dd>${definition.description ?? html`<span class="muted">None.</span>`}</dd>
    <dt>Parent area</dt>
    <dd>
      ${definition.parent ? html`<a href="/app/themes/${encodeURIComponent(definition.parent.id)}">${definition.parent.label || 'Untitled theme'}</a>` : html`<span class="muted">None.</span>`}
    </dd>
    ${
      definition.childCount > 0
        ? html`<dt>Themes in this area</dt>
            <dd>${definition.childCount}</dd>`
        : ''
    }
  </dl>`;
}

/**
 * The theme's definition: keywords, description and parent area. Viewers read it; editors change it
 * (the same command as PATCH /api/v1/clusters/{id} with keywords, description, parentId).
 */
export function themeDefinition(session: AppSession, themeId: string, definition: ThemeDefinition, choices: ParentChoice[]): SafeHtml {
  const heading = html`<h2 id="definition-title">Definition ${originBadge(definition.origin)}</h2>`;
  if (session.role !== 'editor') {
    return html`<section class="panel" aria-labelledby="definition-title">${heading} ${readOnly(definition)}</section>`;
  }
  const others = choices.filter((c) => c.id !== themeId);
  return html`<section class="panel" aria-labelledby="definition-title">
    ${heading}
    <form method="post" action="/app/themes/${encodeURIComponent(themeId)}/definition" class="stack theme-definition-form">
      <input type="hidden" name="_csrf" value="${session.csrfToken}" />
      <label for="definition-keywords">Keywords</label>
      <textarea id="definition-keywords" name="keywords" rows="4" aria-describedby="definition-keywords-hint">${definition.keywords.join('\n')}</textarea>
      <p class="hint" id="definition-keywords-hint">
        One a line or separated by commas. ${definition.origin === 'discovered' ? 'Keywords make this a defined theme.' : 'Items naming a new keyword move in.'}
      </p>
      <label for="definition-description">Description</label>
      <textarea id="definition-description" name="description" rows="3" maxlength="${DESCRIPTION_LIMIT_CHARS}">${definition.description ?? ''}</textarea>
      ${
        definition.childCount > 0
          ? html`<p class="hint">
              This theme is a parent area of ${definition.childCount} ${definition.childCount === 1 ? 'theme' : 'themes'}, so it has no parent itself.
            </p>`
          : html`<label for="definition-parent">Parent area</label> ${parentSelect('definition-parent', others, definition.parent?.id ?? null)}`
      }
      <button type="submit" class="button-primary">Save definition</button>
    </form>
  </section>`;
}
