/**
 * Sentiment, type and emotions from the trained heads, combined with product-language rules and
 * the lexicon score.
 */
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS, type Emotion, type FeedbackType, type Sentiment } from '../../analyzer.js';
import type { ClassifierModel } from './classifier-model.js';
import { buildFeatures } from './features.js';
import { predictSigmoid, predictSoftmax, standardise } from './linear-model.js';
import { combineSentiment } from '../sentiment/combine-sentiment.js';

export interface Classification {
  sentiment: Sentiment;
  sentimentScore: number;
  type: FeedbackType;
  emotions: Emotion[];
}

const MAX_EMOTIONS = 3;
const NEGATIVE_EMOTIONS: readonly Emotion[] = ['anger', 'frustration', 'disappointment'];
const POSITIVE_EMOTIONS: readonly Emotion[] = ['satisfaction', 'excitement'];

export class TextClassifier {
  constructor(private readonly model: ClassifierModel) {
    // Heads must list labels in the port's order; a stale model file would silently mislabel.
    const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    if (!same(model.sentiment.labels, SENTIMENTS) || !same(model.type.labels, FEEDBACK_TYPES) || !same(model.emotions.labels, EMOTIONS)) {
      throw new Error('classifier model labels do not match the analyzer port; retrain the model');
    }
  }

  /** `text` has placeholders neutralised; `embedding` is its sentence embedding. */
  classify(text: string, embedding: ArrayLike<number>): Classification {
    if (!/[\p{L}\p{N}]/u.test(text)) return { sentiment: 'neutral', sentimentScore: 0, type: 'other', emotions: [] };
    const features = buildFeatures(text, embedding);
    const x = standardise(features.vector, this.model.standardiser);
    const [pPositive, pNeutral, pNegative] = predictSoftmax(this.model.sentiment, x);
    const { sentiment, score } = combineSentiment({ pPositive, pNeutral, pNegative }, features.signals, features.lexiconCompound);

    const pType = predictSoftmax(this.model.type, x);
    const type = FEEDBACK_TYPES[pType.indexOf(Math.max(...pType))];

    const pEmotion = predictSigmoid(this.model.emotions, x);
    const emotions = EMOTIONS.map((emotion, k) => ({ emotion, p: pEmotion[k] }))
      .filter(({ p }, k) => p >= this.model.emotions.thresholds[k])
      // Keep emotions coherent with the overall polarity.
      .filter(({ emotion }) => !(sentiment === 'positive' && NEGATIVE_EMOTIONS.includes(emotion)))
      .filter(({ emotion }) => !(sentiment === 'negative' && POSITIVE_EMOTIONS.includes(emotion)))
      .sort((a, b) => b.p - a.p)
      .slice(0, MAX_EMOTIONS)
      .map(({ emotion }) => emotion);

    return { sentiment, sentimentScore: score, type, emotions };
  }
}
