/**
 * The LLM path measured with a real model. `llm-topics.ts` measures it here with a stand-in; this
 * script is the same measurement with the configured OpenAI-compatible server, for whoever has a key:
 * - sentiment and type on the multilingual and hard-case fixtures (as `languages.ts`, same bars);
 * - customer health on every labelled history set (as `health.ts`, same bars): the offline analyzer's reading
 *   of intent is what keeps fresh histories below the bar, so this is where a model's reading is measured;
 * - themes on every theme set with the LLM layout (topic, embedding, word and aspect blocks) at today's
 *   thresholds, then mean F1 per family for other join thresholds, to re-pick the join on the model's own
 *   similarities (choose on first-week and generalisation; held-out figures are for checking only).
 * The service's settings apply (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `OPENAI_CHAT_MODEL`,
 * `OPENAI_EMBEDDING_MODEL`, `OPENAI_EMBEDDING_DIMENSIONS`). Answers are cached in `--cache F` (default
 * `.llm-live-cache.json`, ignored by git) so a rerun pays nothing. Without a key it says so and exits 0.
 *
 *   OPENAI_API_KEY=… npx tsx test/eval/llm-live.ts [--cache F]
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Analysis, AnalysisContext, Analyzer } from '../../src/analysis/analyzer.js';
import { LlmAnalyzer } from '../../src/analysis/llm/llm-analyzer.js';
import { llmConfigFromEnv } from '../../src/analysis/llm/llm-config.js';
import { toClusteringVector } from '../../src/resources/clustering.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { rankKnownTopics } from '../../src/work/known-topics.js';
import { CLUSTERING_FIXTURES, HELD_OUT_THEME_FOLDERS, shuffledOrder, TUNING_THEME_FOLDERS } from './clustering.js';
import { clusterOverOrdersWith } from './experiment-support.js';
import { loadSets, ORDERS } from './first-week.js';
import { evaluateLanguages } from './languages.js';
import { evaluateHealth, HEALTH_SETS, printHealth } from './health.js';

export const THEME_FOLDERS = [...TUNING_THEME_FOLDERS, ...HELD_OUT_THEME_FOLDERS];
const JOINS = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6];
/** The order the items of a theme set are analysed in: the first of the clustering orders, as for the stand-in's topics. */
const ARRIVAL_ORDER = ORDERS[0];

/** Answers of `analyzer` kept in a JSON file, keyed by the analyzer, its embedding model, the text and the known topics sent. */
export class CachedAnalyzer {
  private constructor(
    private readonly analyzer: Pick<Analyzer, 'analyze' | 'name' | 'embeddingModel'>,
    private readonly file: string,
    private readonly answers: Record<string, Analysis>,
  ) {}

  static async open(analyzer: Pick<Analyzer, 'analyze' | 'name' | 'embeddingModel'>, file: string): Promise<CachedAnalyzer> {
    const answers = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, Analysis>) : {};
    return new CachedAnalyzer(analyzer, file, answers);
  }

  async analyze(text: string, context: AnalysisContext = {}): Promise<Analysis> {
    const { name, embeddingModel } = this.analyzer;
    const topics = context.knownTopics?.length ? `\u0000${JSON.stringify(context.knownTopics)}` : '';
    const key = createHash('sha256').update(`${name}\u0000${embeddingModel.model}\u0000${embeddingModel.dimensions}\u0000${text}${topics}`).digest('hex');
    this.answers[key] ??= await this.analyzer.analyze(text, context);
    return this.answers[key];
  }

  save(): Promise<void> {
    return writeFile(this.file, JSON.stringify(this.answers));
  }
}

export interface LiveThemeResult {
  folder: string;
  set: string;
  /** Mean F1 over the orders at today's thresholds, and items alone. */
  f1: number;
  alone: number;
  /** Mean F1 at each join of `JOINS` (merge join + 0.02, average-link join − 0.18, as today's offsets). */
  f1ByJoin: number[];
  /** Share of items the model gave a topic. */
  withTopic: number;
}

/**
 * `analyze` over `texts` one at a time in one arrival order, each told the topics of those before it, as the
 * analysis worker tells the model the project's known topics (`knownTopics`).
 */
async function analyzeInArrivalOrder(analyzer: Pick<Analyzer, 'analyze'>, texts: readonly string[]): Promise<Analysis[]> {
  const results = new Array<Analysis>(texts.length);
  const topicsSoFar: (string | undefined)[] = [];
  for (const i of shuffledOrder(texts.length, ARRIVAL_ORDER)) {
    results[i] = await analyzer.analyze(texts[i], { knownTopics: rankKnownTopics(topicsSoFar) });
    topicsSoFar.push(results[i].topic);
  }
  return results;
}

export async function evaluateThemesLive(analyzer: Pick<Analyzer, 'analyze'>, folders = THEME_FOLDERS): Promise<LiveThemeResult[]> {
  const results: LiveThemeResult[] = [];
  for (const folder of folders) {
    for (const set of await loadSets(path.join(CLUSTERING_FIXTURES, folder))) {
      const analyses = await analyzeInArrivalOrder(
        analyzer,
        set.cases.map((c) => c.text),
      );
      const model = analyses[0].embedding.model;
      const vectors = set.cases.map((c, i) => toClusteringVector(model, analyses[i].embedding.vector, c.text, analyses[i].language, analyses[i].topic));
      const gold = set.cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
      const today = clusterOverOrdersWith(gold, vectors, thresholdsFor(model));
      results.push({
        folder,
        set: set.name,
        f1: today.f1,
        alone: today.alone,
        f1ByJoin: JOINS.map((join) => clusterOverOrdersWith(gold, vectors, { join, merge: join + 0.02, mergeAverage: join - 0.18 }).f1),
        withTopic: analyses.filter((a) => a.topic !== undefined).length / analyses.length,
      });
    }
  }
  return results;
}

function printThemes(results: readonly LiveThemeResult[], model: string): void {
  console.log('\nThemes with the LLM layout (5 orders, settling after every item): F1 / items alone / items with a topic');
  for (const r of results)
    console.log(`  ${`${r.folder}/${r.set}`.padEnd(40)} ${r.f1.toFixed(3)} / ${(100 * r.alone).toFixed(1)} % / ${(100 * r.withTopic).toFixed(0)} %`);
  console.log(`\nMean F1 per family by join threshold (today: ${thresholdsFor(model).join})`);
  console.log(`  ${'family'.padEnd(20)} ${JOINS.map((j) => j.toFixed(2).padStart(6)).join(' ')}`);
  for (const folder of new Set(results.map((r) => r.folder))) {
    const rows = results.filter((r) => r.folder === folder);
    const means = JOINS.map((_, k) => rows.reduce((sum, r) => sum + r.f1ByJoin[k], 0) / rows.length);
    console.log(`  ${folder.padEnd(20)} ${means.map((m) => m.toFixed(3).padStart(6)).join(' ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!process.env.OPENAI_API_KEY?.trim()) {
    console.log('Skipped: OPENAI_API_KEY is not set. The LLM path is measured with a stand-in model by test/eval/llm-topics.ts.');
  } else {
    const cacheArgument = process.argv.indexOf('--cache');
    const config = llmConfigFromEnv(process.env);
    const analyzer = await CachedAnalyzer.open(new LlmAnalyzer(config), cacheArgument > 0 ? process.argv[cacheArgument + 1] : '.llm-live-cache.json');
    try {
      console.log(`LLM path with ${config.chatModel} and ${config.embeddingModel} (${config.embeddingDimensions} dimensions)`);
      const languagesPass = await evaluateLanguages(analyzer);
      let healthPass = true;
      for (const { set, title } of HEALTH_SETS) {
        console.log();
        const health = await evaluateHealth(set, analyzer);
        printHealth(`${title}, LLM analyzer`, health, true);
        healthPass &&= health.pass;
      }
      printThemes(await evaluateThemesLive(analyzer), config.embeddingModel);
      process.exitCode = languagesPass && healthPass ? 0 : 1;
    } finally {
      await analyzer.save();
    }
  }
}
