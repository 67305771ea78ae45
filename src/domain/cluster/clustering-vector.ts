import type { WordRules } from '../text/function-words.js';
import { stem, type Tokenizer } from '../text/tokenize.js';
import { ASPECT_SLOTS, type AspectTaxonomy } from './aspects.js';
import { unitVector, weightedConcat } from './vectors.js';

/**
 * The vector themes are built from, derived deterministically from an item's embedding, its text, the
 * model that made the embedding and, with an LLM analyzer, the topic the model named. The clustering
 * worker, the `clusters` projection and the clustering evaluations all go through this one function;
 * search keeps the raw embeddings.
 *
 * For `use-lite-512`, the offline model (statistics fitted on the analyzer's training texts only, by
 * `src/analysis/offline/training/fit-clustering-space.ts`, kept in `resources/models/`):
 *   1. semantic block (512): the embedding minus the training mean, renormalised. USE-lite vectors
 *      share a large common direction (unrelated texts ~0.27 similar); centring removes it, so
 *      cosine similarities reflect what texts are about.
 *   2. lexical block (`LEXICAL_BUCKETS` = 192): the text's stemmed content words, IDF-weighted,
 *      feature-hashed with a sign (FNV-1a), renormalised; all zeros when the text has none.
 *   3. aspect block (`ASPECT_SLOTS` = 320): the product areas the text names (`aspects.ts`).
 *   Concatenated with weights √(1 − l² − a²), l (`LEXICAL_WEIGHT`) and a (`ASPECT_WEIGHT`), then
 *   renormalised: a unit vector of `USE_LITE_CLUSTERING_DIMENSIONS` = 1024.
 * Every other model (the LLM path's embeddings, e.g. `text-embedding-3-small`): the same three blocks
 * with the embedding as it is (not centred, every language read) and the topic the LLM named (e.g. "Seat
 * selection") read as part of the text, then the topic block (`TOPIC_SLOTS` = 256: the topic's stemmed words),
 * everything before it scaled by √(1 − t²) and the topic block by t (`TOPIC_WEIGHT`): a unit vector
 * of the embedding's length + 768. An item without a topic has a zero topic block.
 *
 * The fitted statistics and the aspect taxonomy are data, given to `clusteringVectors`; this file holds the rules.
 */
export interface ClusteringSpace {
  model: string;
  /** Length of the model's embeddings. */
  dimensions: number;
  trainingTexts: number;
  /** Mean training embedding. */
  mean: number[];
  /** IDF of the stemmed content words of the training texts. */
  idf: Record<string, number>;
  /** IDF of a word no training text contains. */
  unseenIdf: number;
  /** Languages the model reads (ISO 639-1); absent: every language. */
  languages?: readonly string[];
}

export const LEXICAL_BUCKETS = 192;
export const LEXICAL_WEIGHT = 0.4;
export const ASPECT_WEIGHT = 0.75;
/**
 * Scale of the semantic block for a text in a language the embedding model does not read. USE-lite is
 * English-only: its vectors of Spanish, French or German texts are alike because of the language, not the
 * topic (about 0.8 between unrelated same-language texts, 0.15 between unrelated English ones), so one
 * language's reports fell into one mixed theme. Such a text is grouped by its aspects and words instead.
 */
export const FOREIGN_SEMANTIC_SCALE = 0.3;
export const TOPIC_SLOTS = 256;
/**
 * Weight of the topic block. Measured with LLM-written topics and USE-lite standing in for the LLM's
 * embedding (`test/eval/llm-topics.ts`); the model's own embedding is not measurable offline.
 */
export const TOPIC_WEIGHT = 0.6;

/** What the clustering vector is computed from: fitted spaces per model, the word statistics of the lexical block, the aspect taxonomy. */
export interface ClusteringResources {
  /** Fitted spaces, by model: a model without one takes the path of the LLM's embeddings. */
  spaces: readonly ClusteringSpace[];
  /** Word statistics of the lexical block for models without a fitted space: text statistics, not the model's. */
  wordStatistics: Pick<ClusteringSpace, 'idf' | 'unseenIdf'>;
  taxonomy: AspectTaxonomy;
  /** The word lists' rules: stop words (English, and those of the text's detected language) stay out of the lexical block. */
  words: Pick<WordRules, 'isStopWord' | 'isFunctionWordOf'> & Pick<Tokenizer, 'contentWords'>;
}

export interface LexicalTerms {
  /**
   * Stemmed content words: no stop words (English, and those of the text's detected language), numbers or
   * redaction placeholders; split at hyphens and apostrophes.
   */
  lexicalTerms(text: string, language?: string): string[];
  /** The words `lexicalTerms` keeps, before stemming. */
  lexicalWords(text: string, language?: string): string[];
}

export interface ClusteringVectors extends LexicalTerms {
  /**
   * @param text the item's text (redacted, as stored); without it the lexical block is zeros.
   * @param language the item's detected language (ISO 639-1, `und` when unknown); a language the offline
   *   model does not read scales its semantic block by `FOREIGN_SEMANTIC_SCALE`. Unknown: as a language it reads.
   * @param topic the product area the LLM analyzer named (absent: none); ignored for a model with a fitted space.
   */
  toClusteringVector(model: string, embedding: readonly number[], text: string, language?: string, topic?: string): number[];
  /** Dimension of the clustering vectors of `model` given its embedding dimension. */
  clusteringDimensions(model: string, embeddingDimensions: number): number;
  /**
   * The embedding's block: for a model with a fitted space (USE-lite), centred by its training mean and scaled
   * by `FOREIGN_SEMANTIC_SCALE` for a language it does not read; for any other model, the embedding as it is.
   */
  semanticBlock(model: string, embedding: readonly number[], language?: string): number[];
  /**
   * The blocks joined: `semantic` (already unit, or scaled below unit for a language the model does not
   * read), the lexical and aspect blocks of `text`, and, when `topic` is given (even empty), the topic block.
   * Exported for the evaluations that stand another embedding in for the LLM's.
   */
  composeClusteringVector(parts: { semantic: readonly number[]; text: string; language?: string; topic?: string }): number[];
}

export function clusteringVectors(resources: ClusteringResources): ClusteringVectors {
  const spaces: Record<string, ClusteringSpace> = Object.fromEntries(resources.spaces.map((space) => [space.model, space]));
  const { wordStatistics, taxonomy } = resources;
  const { lexicalTerms, lexicalWords } = lexicon(resources.words);

  const semanticBlock = (model: string, embedding: readonly number[], language?: string): number[] => {
    const space = spaces[model];
    if (!space) return unitVector([...embedding]);
    const scale = readsLanguage(space, language) ? 1 : FOREIGN_SEMANTIC_SCALE;
    return unitVector(embedding.map((x, i) => x - space.mean[i])).map((x) => x * scale);
  };

  const composeClusteringVector = (parts: { semantic: readonly number[]; text: string; language?: string; topic?: string }): number[] => {
    // The topic is read as part of the text too: its words and the aspects it names ("Login" names sign-in, as "Sign in" does).
    const words = parts.topic ? `${parts.text ?? ''}\n${parts.topic}` : (parts.text ?? '');
    const lexical = unitVector(lexicalVector(lexicalTerms(words, parts.language), wordStatistics));
    const aspects = unitVector(taxonomy.aspectVector(words));
    const s = Math.sqrt(Math.max(0, 1 - LEXICAL_WEIGHT ** 2 - ASPECT_WEIGHT ** 2));
    const blocks = weightedConcat([
      [parts.semantic, s],
      [lexical, LEXICAL_WEIGHT],
      [aspects, ASPECT_WEIGHT],
    ]);
    if (parts.topic === undefined) return unitVector(blocks);
    const rest = Math.sqrt(1 - TOPIC_WEIGHT ** 2);
    return unitVector(
      weightedConcat([
        [unitVector(blocks), rest],
        [unitVector(topicVector(lexicalTerms(parts.topic, 'en'))), TOPIC_WEIGHT],
      ]),
    );
  };

  return {
    lexicalTerms,
    lexicalWords,
    semanticBlock,
    composeClusteringVector,
    toClusteringVector(model, embedding, text, language, topic) {
      const space = spaces[model];
      // An embedding of an unexpected length cannot be centred: left as it is.
      if (space && embedding.length !== space.dimensions) return [...embedding];
      return composeClusteringVector({ semantic: semanticBlock(model, embedding, language), text, language, topic: space ? undefined : (topic ?? '') });
    },
    clusteringDimensions(model, embeddingDimensions) {
      const space = spaces[model];
      if (!space) return embeddingDimensions + LEXICAL_BUCKETS + ASPECT_SLOTS + TOPIC_SLOTS;
      return space.dimensions === embeddingDimensions ? embeddingDimensions + LEXICAL_BUCKETS + ASPECT_SLOTS : embeddingDimensions;
    },
  };
}

/** The topic's stemmed content words (read as English: the LLM names topics in English), each in a hashed slot. */
function topicVector(terms: readonly string[]): number[] {
  const vector = new Array<number>(TOPIC_SLOTS).fill(0);
  for (const term of new Set(terms)) vector[fnv1a(term) % TOPIC_SLOTS] = 1;
  return vector;
}

function readsLanguage(space: ClusteringSpace, language: string | undefined): boolean {
  return !space.languages || language === undefined || language === 'und' || space.languages.includes(language);
}

/** Lexical terms over the word lists of `words`. */
export function lexicon(words: ClusteringResources['words']): LexicalTerms {
  const lexicalWords = (text: string, language?: string): string[] =>
    words
      .contentWords(text)
      .flatMap((w) => w.split(/['-]/))
      .filter((w) => w.length >= 2 && !words.isStopWord(w) && !words.isFunctionWordOf(language, w));
  return { lexicalWords, lexicalTerms: (text, language) => lexicalWords(text, language).map(stem) };
}

function lexicalVector(terms: readonly string[], space: Pick<ClusteringSpace, 'idf' | 'unseenIdf'>): number[] {
  const vector = new Array<number>(LEXICAL_BUCKETS).fill(0);
  for (const term of new Set(terms)) {
    const hash = fnv1a(term);
    const weight = Object.hasOwn(space.idf, term) ? space.idf[term] : space.unseenIdf;
    vector[hash % LEXICAL_BUCKETS] += (hash >>> 31 === 1 ? -1 : 1) * weight;
  }
  return vector;
}

/** 32-bit FNV-1a over the UTF-16 code units: the word block's hash. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
