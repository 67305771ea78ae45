import type { TaxonomyEntry } from '../../../queries/clusters/theme-taxonomy.js';
import type { ThemeTrend } from '../../../queries/trends/theme-trends.js';

export interface AreaFigures {
  count: number;
  previous: number;
  churnRiskCount: number;
  sentiment: { positive: number; neutral: number; negative: number };
  series: number[];
}

export interface ThemeArea {
  /** The parent theme (its label and origin), with its own figures when it has items in the period. */
  parent: TaxonomyEntry;
  own?: ThemeTrend;
  children: ThemeTrend[];
  rollup: AreaFigures;
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
 * area and having no children come last, as they were ranked.
 */
export function groupByArea(
  themes: ThemeTrend[],
  taxonomy: Map<string, TaxonomyEntry>,
  series: Map<string, number[]>,
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
  const grouped = [...areas.values()].map((area) => ({
    ...area,
    rollup: sumOf(area.own ? [area.own, ...area.children] : area.children, series),
  }));
  grouped.sort((a, b) => b.rollup.count - a.rollup.count || a.parent.label.localeCompare(b.parent.label));
  return { areas: grouped, unfiled };
}
