import type { TaxonomyEntry } from '../../../queries/clusters/theme-taxonomy.js';
import type { AreaFigures, AreaRollup } from '../../../queries/trends/area-figures.js';
import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';

export type { AreaFigures };

export interface ThemeArea {
  /** The parent theme (its label and origin), with its own figures when it has items in the period. */
  parent: TaxonomyEntry;
  own?: ThemeTrend;
  /** Its child themes among those listed. */
  children: ThemeTrend[];
  rollup: AreaFigures;
  /** Its child themes with items in the period, listed or not. */
  themes: number;
}

function sumOf(themes: ThemeTrend[], series: Map<string, number[]>): AreaFigures {
  const length = Math.max(0, ...themes.map((t) => series.get(t.id)?.length ?? 0));
  const total: AreaFigures = {
    count: 0,
    previous: 0,
    churnRiskCount: 0,
    sentiment: { positive: 0, neutral: 0, negative: 0 },
    series: new Array<number>(length).fill(0),
  };
  for (const theme of themes) {
    total.count += theme.count;
    total.previous += theme.previous;
    total.churnRiskCount += theme.churnRiskCount;
    total.sentiment.positive += theme.sentiment.positive;
    total.sentiment.neutral += theme.sentiment.neutral;
    total.sentiment.negative += theme.sentiment.negative;
    (series.get(theme.id) ?? []).forEach((n, i) => (total.series[i] += n));
  }
  return total;
}

/**
 * The themes shown, grouped under their parent areas (largest roll-up first); the themes filed under no
 * area and having no children come last, as they were ranked. With `rollups` (every area's figures over all
 * its items), an area's row counts the themes the page does not list too, and an area none of whose themes
 * is listed still has its row; without, it adds up the listed ones.
 */
export function groupByArea(
  themes: ThemeTrend[],
  taxonomy: Map<string, TaxonomyEntry>,
  series: Map<string, number[]>,
  rollups?: Map<string, AreaRollup>,
): { areas: ThemeArea[]; unfiled: ThemeTrend[] } {
  const areas = new Map<string, { parent: TaxonomyEntry; own?: ThemeTrend; children: ThemeTrend[] }>();
  const areaOf = (parent: TaxonomyEntry) => {
    if (!areas.has(parent.id)) areas.set(parent.id, { parent, children: [] });
    return areas.get(parent.id)!;
  };
  const unfiled: ThemeTrend[] = [];
  for (const theme of themes) {
    const entry = taxonomy.get(theme.id);
    const parent = entry?.parentId ? taxonomy.get(entry.parentId) : undefined;
    if (parent) areaOf(parent).children.push(theme);
    else if (entry?.isParent) areaOf(entry).own = theme;
    else unfiled.push(theme);
  }
  for (const areaId of rollups?.keys() ?? []) {
    const parent = taxonomy.get(areaId);
    if (parent) areaOf(parent);
  }
  const grouped = [...areas.values()].map((area) => {
    const listed = sumOf(area.own ? [area.own, ...area.children] : area.children, series);
    const rollup = rollups?.get(area.parent.id);
    return { ...area, rollup: rollup ?? listed, themes: Math.max(rollup?.themes ?? 0, area.children.length) };
  });
  grouped.sort((a, b) => b.rollup.count - a.rollup.count || a.parent.label.localeCompare(b.parent.label));
  return { areas: grouped, unfiled };
}
