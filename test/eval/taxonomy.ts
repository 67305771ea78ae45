/**
 * Themes a product manager steers, on products nobody tuned for (test/fixtures/clustering/unfamiliar:
 * three products written blind, 60 items each with 15 % in es/de/fr, and a taxonomy written in five
 * minutes: a label and at most eight English keywords per theme). Each product is clustered by the
 * service's own batch decider (`decideThemes`, the clustering worker's rules) on the offline analyzer's
 * vectors, once with its taxonomy as defined themes and once without, in 5 arrival orders.
 *
 *   npx tsx test/eval/taxonomy.ts
 *
 * B-cubed precision / recall / F1 (each off-topic item is its own gold theme) and the share of items
 * alone in a theme. Bar, with the taxonomy: F1 >= 0.80 and <= 10 % alone for each product. A held-out
 * set: its figures are printed, never tuned on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { embedMany } from '../../src/analysis/offline/index.js';
import { decideThemes, type BatchItem } from '../../src/domain/cluster/decide-themes.js';
import type { DefinedTheme } from '../../src/domain/cluster/defined-match.js';
import type { SnapshotTheme } from '../../src/domain/cluster/theme-overlay.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { expandKeyword } from '../../src/work/defined-themes/keyword-translations.js';
import { definitionVectors } from '../../src/work/defined-themes/definition-vectors.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { createLogger } from '../../src/logger.js';
import { CLUSTERING_FIXTURES, clusteringVectors, detectLanguages, MODEL, shuffledOrder } from './clustering.js';
import { bCubed, ORDERS, type BCubed } from './first-week.js';

const FOLDER = path.join(CLUSTERING_FIXTURES, 'unfamiliar');
export const TAXONOMY_BAR = { f1: 0.8, alone: 0.1 };

interface Case {
  text: string;
  theme: string;
}
interface TaxonomyTheme {
  theme: string;
  label: string;
  keywords: string[];
}
type Figures = BCubed & { alone: number; themes: number };

const AT = '2026-11-27T00:00:00.000Z';
const embedDefinition = definitionVectors(loadOfflineAnalyzer, createLogger('warn'));

function cluster(items: BatchItem[], order: number[], taxonomy: readonly TaxonomyTheme[], definitions: readonly (number[] | undefined)[]): Map<string, string> {
  const defined: DefinedTheme[] = taxonomy.map((theme, i) => ({
    ...(definitions[i] ? { definition: definitions[i] } : {}),
    clusterId: `defined-${theme.theme}`,
    definedAt: new Date(Date.parse(AT) + i).toISOString(),
    keywords: theme.keywords.map((keyword) => expandKeyword(keyword.toLowerCase())),
    joinThreshold: thresholdsFor(MODEL).join,
  }));
  const empty: SnapshotTheme[] = defined.map((theme) => ({
    clusterId: theme.clusterId,
    model: MODEL,
    centroid: [],
    size: 0,
    status: 'active',
    muted: false,
    spiking: false,
    autoMerge: false,
    reportTimes: [],
  }));
  const decided = decideThemes(
    order.map((i) => items[i]),
    { projectId: 'eval', themes: empty, at: AT, defined: new Map([[MODEL, defined]]) },
    thresholdsFor,
  );
  return decided.placements;
}

function figures(cases: readonly Case[], items: readonly BatchItem[], placements: ReadonlyMap<string, string>): Figures {
  const predicted = items.map((item) => placements.get(item.feedbackId)!);
  const gold = cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
  const sizes = new Map<string, number>();
  for (const theme of predicted) sizes.set(theme, (sizes.get(theme) ?? 0) + 1);
  const alone = predicted.filter((theme) => sizes.get(theme) === 1).length / predicted.length;
  return { ...bCubed(predicted, gold), alone, themes: sizes.size };
}

const mean = (runs: readonly Figures[]): Figures => {
  const avg = (f: (r: Figures) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  return { precision: avg((r) => r.precision), recall: avg((r) => r.recall), f1: avg((r) => r.f1), alone: avg((r) => r.alone), themes: avg((r) => r.themes) };
};

const products = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.jsonl'))
  .map((name) => name.replace(/\.jsonl$/, ''));
let pass = true;
console.log('Unfamiliar products (blind held-out), clustered by decideThemes on the offline vectors, mean of 5 orders:');
console.log('  product                  taxonomy  F1     precision  recall  alone  themes');
for (const product of products) {
  const cases = readFileSync(path.join(FOLDER, `${product}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Case);
  const taxonomy = JSON.parse(readFileSync(path.join(FOLDER, `${product}.taxonomy.json`), 'utf8')) as TaxonomyTheme[];
  const embeddings = (await embedMany(cases.map((c) => c.text))).map((e) => e.vector);
  const languages = await detectLanguages(cases.map((c) => c.text));
  const vectors = clusteringVectors(cases, embeddings, languages);
  const items: BatchItem[] = cases.map((c, i) => ({
    feedbackId: `f${String(i).padStart(3, '0')}`,
    model: MODEL,
    vector: vectors[i],
    createdAt: Date.parse(AT),
    text: c.text,
    language: languages[i],
  }));
  // As the service embeds a definition (label and keywords here: these taxonomies have no description).
  const definitions = await Promise.all(taxonomy.map((theme) => embedDefinition(MODEL, { label: theme.label, keywords: theme.keywords, description: null })));
  for (const withTaxonomy of [true, false]) {
    const runs = ORDERS.map((seed) => figures(cases, items, cluster(items, shuffledOrder(cases.length, seed), withTaxonomy ? taxonomy : [], definitions)));
    const m = mean(runs);
    const meets = m.f1 >= TAXONOMY_BAR.f1 && m.alone <= TAXONOMY_BAR.alone;
    if (withTaxonomy && !meets) pass = false;
    const pct = (x: number) => `${(x * 100).toFixed(0)} %`.padStart(5);
    console.log(
      `  ${product.padEnd(24)} ${(withTaxonomy ? 'yes' : 'no').padEnd(9)} ${m.f1.toFixed(2)}   ${m.precision.toFixed(2)}       ${m.recall.toFixed(2)}    ${pct(m.alone)}  ${m.themes.toFixed(0).padStart(4)}` +
        (withTaxonomy ? (meets ? '' : `   below the bar (F1 >= ${TAXONOMY_BAR.f1}, <= ${TAXONOMY_BAR.alone * 100} % alone)`) : ''),
    );
  }
}
process.exitCode = pass ? 0 : 1;
