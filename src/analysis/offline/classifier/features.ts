/**
 * The classifiers' input: the 512-dim sentence embedding followed by a few rule and lexicon
 * features that the embedding captures poorly (product failure words, request phrasing).
 */
import { lexiconScores } from '../sentiment/lexicon.js';
import { productSignals, SIGNAL_NAMES, type ProductSignals } from '../rules/product-signals.js';

export const EXTRA_FEATURE_NAMES = [...SIGNAL_NAMES, 'lexiconCompound', 'lexiconPositive', 'lexiconNegative', 'exclamation'] as const;

export interface TextFeatures {
  vector: Float64Array;
  signals: ProductSignals;
  lexiconCompound: number;
}

/** `text` must already have its placeholders neutralised; `embedding` is its sentence embedding. */
export function buildFeatures(text: string, embedding: ArrayLike<number>): TextFeatures {
  const signals = productSignals(text);
  const lexicon = lexiconScores(text);
  const extras = [...SIGNAL_NAMES.map((name) => (signals[name] ? 1 : 0)), lexicon.compound, lexicon.positive, lexicon.negative, /!/.test(text) ? 1 : 0];
  const vector = new Float64Array(embedding.length + extras.length);
  vector.set(Array.from(embedding));
  vector.set(extras, embedding.length);
  return { vector, signals, lexiconCompound: lexicon.compound };
}
