/**
 * Sentiment, type and emotions from the trained heads, combined with product-language rules and
 * the lexicon score.
 */
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS, type Emotion, type FeedbackType, type Sentiment } from '../../analyzer.js';
import type { ClassifierModel } from './classifier-model.js';
import { buildFeatures } from './features.js';
import { predictSigmoid, predictSoftmax, standardise } from './linear-model.js';
import { combineSentiment } from '../sentiment/combine-sentiment.js';
import { detectHardCase } from '../rules/hard-cases.js';

export interface Classification {
  /** How sure the analysis is, in [0, 1]. */
  confidence: number;
  sentiment: Sentiment;
  sentimentScore: number;
  type: FeedbackType;
  emotions: Emotion[];
}

const MAX_EMOTIONS = 3;
const NEGATIVE_EMOTIONS: readonly Emotion[] = ['anger', 'frustration', 'disappointment'];
const POSITIVE_EMOTIONS: readonly Emotion[] = ['satisfaction', 'excitement'];
const PROBLEM_TYPES: readonly FeedbackType[] = ['bug', 'complaint'];
/** Confidence of an answer given by a hard-case rule (contrast, removal, sarcasm, complaint question) over the classifier. */
const RULE_CONFIDENCE = 0.6;

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
    if (!/[\p{L}\p{N}]/u.test(text)) return { sentiment: 'neutral', sentimentScore: 0, type: 'other', emotions: [], confidence: 1 };
    const features = buildFeatures(text, embedding);
    const x = standardise(features.vector, this.model.standardiser);
    const [pPositive, pNeutral, pNegative] = predictSoftmax(this.model.sentiment, x);
    const combined = combineSentiment({ pPositive, pNeutral, pNegative }, features.signals, features.lexiconCompound);
    const pType = predictSoftmax(this.model.type, x);
    let type = FEEDBACK_TYPES[pType.indexOf(Math.max(...pType))];
    let { sentiment, score } = combined;
    // The probabilities of the labels finally chosen: low when the heads hesitate or a rule overrode them.
    let confidence = Math.sqrt([pPositive, pNeutral, pNegative][SENTIMENTS.indexOf(sentiment)] * Math.max(...pType));

    const hardCase = detectHardCase(text);
    if (hardCase) {
      if (hardCase.sentiment !== sentiment) {
        const magnitude = Math.min(0.7, Math.max(0.3, Math.abs(score)));
        score = hardCase.sentiment === 'neutral' ? 0 : hardCase.sentiment === 'positive' ? magnitude : -magnitude;
      }
      // A problem report the heads already read as a bug or a complaint keeps their choice between the two.
      const keepType = hardCase.kind === 'problem-report' && PROBLEM_TYPES.includes(type);
      [sentiment, type, confidence] = [hardCase.sentiment, keepType ? type : hardCase.type, RULE_CONFIDENCE];
    }

    const pEmotion = predictSigmoid(this.model.emotions, x);
    const emotions = EMOTIONS.map((emotion, k) => ({ emotion, p: pEmotion[k] }))
      .filter(({ p }, k) => p >= this.model.emotions.thresholds[k])
      // Keep emotions coherent with the overall polarity.
      .filter(({ emotion }) => !(sentiment === 'positive' && NEGATIVE_EMOTIONS.includes(emotion)))
      .filter(({ emotion }) => !(sentiment === 'negative' && POSITIVE_EMOTIONS.includes(emotion)))
      .sort((a, b) => b.p - a.p)
      .slice(0, MAX_EMOTIONS)
      .map(({ emotion }) => emotion);

    return { sentiment, sentimentScore: score, type, emotions, confidence: Number(confidence.toFixed(2)) };
  }
}
