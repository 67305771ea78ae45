import type { Queryable } from '../../db/database.js';
import type { ThemeLabeler } from '../../analysis/labeler.js';
import { labelThemes } from '../../analysis/labels/ctfidf.js';

const TEXTS_PER_THEME = 25;
const THEMES_COMPARED = 40;

/**
 * A theme's label: its distinctive terms (c-TF-IDF against the project's largest themes), named by
 * the labeler. `extraTexts` are texts about to join the theme (a new theme has no members yet).
 */
export async function labelTheme(db: Queryable, labeler: ThemeLabeler, projectId: string, clusterId: string, extraTexts: string[] = []): Promise<string> {
  const input = labelInput(await readThemeTexts(db, projectId, clusterId), clusterId, extraTexts);
  return (await labeler.label(input)).slice(0, 60) || 'misc';
}

/** The latest texts of the theme and of the project's largest themes, the theme first. */
async function readThemeTexts(db: Queryable, projectId: string, clusterId: string): Promise<{ cluster_id: string; texts: string[] }[]> {
  const rows = await db.query<{ cluster_id: string; texts: string[] }>(
    // The texts as JSON, which JSON.parse reads: pg's array parser builds each text character by character.
    `SELECT c.cluster_id, to_json(array(SELECT f.text FROM feedback_items f WHERE f.cluster_id = c.cluster_id ORDER BY f.created_at DESC, f.feedback_id LIMIT ${TEXTS_PER_THEME})) AS texts
       FROM clusters c
      WHERE c.project_id = $1 AND c.merged_into IS NULL AND (c.size > 0 OR c.cluster_id = $2)
      ORDER BY (c.cluster_id = $2) DESC, c.size DESC, c.cluster_id
      LIMIT ${THEMES_COMPARED}`,
    [projectId, clusterId],
  );
  return rows.rows;
}

/** The theme's texts and its distinctive terms against the other themes (whose texts are then dropped, not kept while the labeler works). */
function labelInput(rows: readonly { cluster_id: string; texts: string[] }[], clusterId: string, extraTexts: string[]): { texts: string[]; terms: string[] } {
  const themes = rows.map((row) => ({ clusterId: row.cluster_id, texts: row.texts }));
  const own = themes.find((theme) => theme.clusterId === clusterId);
  if (own) own.texts = [...extraTexts, ...own.texts];
  else themes.unshift({ clusterId, texts: extraTexts });
  const terms = (labelThemes(themes, {}, clusterId).get(clusterId) ?? '').split(' / ').filter(Boolean);
  return { texts: themes.find((theme) => theme.clusterId === clusterId)!.texts, terms };
}
