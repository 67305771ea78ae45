import type { Queryable } from '../../src/db/database.js';
import { themeTerms } from '../../src/analysis/labels/ctfidf.js';
import { matchDefinedTheme } from '../../src/domain/cluster/defined-match.js';
import { loadDefinedThemes } from '../../src/work/defined-themes/load-defined-themes.js';

/** Items created within this many days make a theme's suggestion. */
export const SUGGESTION_WINDOW_DAYS = 30;
const TEXTS_PER_THEME = 25;
const SAMPLE_ITEMS = 3;

export interface ThemeSuggestion {
  id: string;
  label: string;
  keywords: string[];
  size: number;
  recentSize: number;
  sampleFeedbackIds: string[];
}

/**
 * Discovered themes worth defining: active, not merged away, with 2 or more items created in the last 30
 * days, most of whose newest 25 name no keyword of a defined theme (a defined theme near it by meaning
 * does not hide it); most recent items first. Their keywords are their top
 * c-TF-IDF terms against each other. `clusterId` narrows to one theme.
 */
export async function themeSuggestions(db: Queryable, projectId: string, now: Date, limit: number, clusterId?: string): Promise<ThemeSuggestion[]> {
  const since = new Date(now.getTime() - SUGGESTION_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await db.query<{
    cluster_id: string;
    label: string;
    size: number;
    model: string;
    recent: number;
    texts: string[];
    ids: string[];
    languages: (string | null)[];
  }>(
    `SELECT c.cluster_id, c.label, c.size, c.model, count(*)::int AS recent,
            (array_agg(f.text ORDER BY f.created_at DESC, f.feedback_id))[1:${TEXTS_PER_THEME}] AS texts,
            (array_agg(f.feedback_id ORDER BY f.created_at DESC, f.feedback_id))[1:${TEXTS_PER_THEME}] AS ids,
            (array_agg(m.language ORDER BY f.created_at DESC, f.feedback_id))[1:${TEXTS_PER_THEME}] AS languages
       FROM clusters c
       JOIN feedback_items f ON f.cluster_id = c.cluster_id AND f.created_at > $2
       JOIN cluster_members m ON m.feedback_id = f.feedback_id
      WHERE c.project_id = $1 AND c.origin = 'discovered' AND c.merged_into IS NULL AND c.status = 'active' AND ($4::text IS NULL OR c.cluster_id = $4)
      GROUP BY c.cluster_id HAVING count(*) >= 2
      ORDER BY count(*) DESC, c.size DESC, c.cluster_id LIMIT $3`,
    [projectId, since, limit, clusterId ?? null],
  );
  const definedByModel = new Map<string, Awaited<ReturnType<typeof loadDefinedThemes>>>();
  const unmatched = [];
  for (const row of rows.rows) {
    if (!definedByModel.has(row.model)) definedByModel.set(row.model, await loadDefinedThemes(db, projectId, row.model));
    const defined = definedByModel.get(row.model)!;
    // Keywords only: a theme near a defined one by meaning is still worth naming apart.
    const matching = row.texts.filter((text, i) => matchDefinedTheme({ text, language: row.languages[i] ?? undefined }, defined)).length;
    if (matching * 2 <= row.texts.length) unmatched.push(row);
  }
  const terms = themeTerms(unmatched.map((row) => ({ clusterId: row.cluster_id, texts: row.texts })));
  return unmatched.map((row) => ({
    id: row.cluster_id,
    label: row.label,
    keywords: terms.get(row.cluster_id) ?? [],
    size: row.size,
    recentSize: row.recent,
    sampleFeedbackIds: row.ids.slice(0, SAMPLE_ITEMS),
  }));
}
