import { EMOTIONS, type Emotion, type TextAnalysis } from './analyzer.js';

/** Least magnitude of the negative score given to a churn threat the analyzer had read as positive. */
export const CHURN_SENTIMENT_MAGNITUDE = 0.5;
/** Confidence of an answer a rule overrode (as the offline hard-case rules record it). */
const OVERRIDDEN_CONFIDENCE = 0.6;
const POSITIVE_EMOTIONS: readonly Emotion[] = ['satisfaction', 'excitement'];
const NEGATIVE_EMOTIONS: readonly Emotion[] = ['anger', 'frustration', 'disappointment'];

type Judged = Pick<TextAnalysis, 'sentiment' | 'sentimentScore' | 'type' | 'emotions' | 'confidence'>;

/**
 * A threat to leave is never good news, whatever praise surrounds it ("great features, but at this price
 * we're leaving"): an item with a churn risk that was read as positive becomes negative, praise becomes a
 * complaint, positive emotions give way to disappointment. Neutral and negative readings are kept: a plain
 * "how do I cancel my subscription?" is a neutral question that carries the risk.
 */
export function withChurnRisk<T extends Judged>(analysis: T, churnRisk: boolean): T & { churnRisk: boolean } {
  if (!churnRisk || analysis.sentiment !== 'positive') return { ...analysis, churnRisk };
  const kept = analysis.emotions.filter((emotion) => !POSITIVE_EMOTIONS.includes(emotion));
  const emotions = kept.some((emotion) => NEGATIVE_EMOTIONS.includes(emotion)) ? kept : EMOTIONS.filter((e) => e === 'disappointment' || kept.includes(e));
  return {
    ...analysis,
    churnRisk,
    sentiment: 'negative',
    sentimentScore: -Math.max(CHURN_SENTIMENT_MAGNITUDE, Math.abs(analysis.sentimentScore)),
    type: analysis.type === 'praise' ? 'complaint' : analysis.type,
    emotions,
    ...(analysis.confidence === undefined ? {} : { confidence: Math.min(analysis.confidence, OVERRIDDEN_CONFIDENCE) }),
  };
}
