/**
 * Fits the statistics of the clustering space of `use-lite-512` and writes them to
 * `resources/models/use-lite-512.json`, which `src/resources/clustering.ts` loads:
 *
 *   npx tsx src/analysis/offline/training/fit-clustering-space.ts
 *
 * Fitted ONLY on the analyzer's training texts (`src/analysis/offline/training/*.jsonl`), never on
 * the clustering evaluation fixtures:
 *   - `mean`: the mean embedding (USE-lite vectors share a large common direction; subtracting it
 *     makes unrelated texts ~0 similar instead of ~0.27);
 *   - `idf`: inverse document frequency of the stemmed content words (`lexicalTerms`), for the
 *     lexical block of the clustering vector; words absent from the training texts get `unseenIdf`.
 * Deterministic: the same training texts give the same file (floats rounded on write).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embedMany } from '../index.js';
import { loadTrainingSet } from './labelled-example.js';
import type { ClusteringSpace } from '../../../domain/cluster/clustering-vector.js';
import { lexicalTerms } from '../../../resources/clustering.js';
import { RESOURCES_DIR } from '../../../resources/resource-files.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TRAINING = here;
const OUTPUT = path.join(RESOURCES_DIR, 'models', 'use-lite-512.json');
const MODEL = 'use-lite-512';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function fitSpace(texts: readonly string[], vectors: readonly (readonly number[])[]): ClusteringSpace {
  const dimensions = vectors[0].length;
  const mean = new Array<number>(dimensions).fill(0);
  for (const vector of vectors) for (let i = 0; i < dimensions; i++) mean[i] += vector[i];
  const documentFrequency = new Map<string, number>();
  for (const text of texts) for (const term of new Set(lexicalTerms(text))) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const n = texts.length;
  // Smoothed IDF: log((N + 1) / (df + 1)) + 1; an unseen word counts as df = 0.
  const idf: Record<string, number> = {};
  for (const [term, df] of [...documentFrequency].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    idf[term] = round(Math.log((n + 1) / (df + 1)) + 1, 3);
  }
  return {
    model: MODEL,
    dimensions,
    trainingTexts: n,
    mean: mean.map((x) => round(x / vectors.length, 6)),
    unseenIdf: round(Math.log(n + 1) + 1, 3),
    idf,
  };
}

async function main(): Promise<void> {
  const examples = await loadTrainingSet(TRAINING);
  const texts = examples.map((e) => e.text);
  const embeddings = await embedMany(texts);
  if (embeddings.some((e) => e.model !== MODEL)) throw new Error(`expected ${MODEL} embeddings`);
  const space = fitSpace(
    texts,
    embeddings.map((e) => e.vector),
  );
  const json = `${JSON.stringify(space)}\n`;
  await writeFile(OUTPUT, json);
  console.log(
    `wrote ${path.relative(process.cwd(), OUTPUT)}: ${texts.length} training texts, ${Object.keys(space.idf).length} terms, ${(json.length / 1024).toFixed(1)} KB`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
