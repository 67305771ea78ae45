import type { Emotion, FeedbackType, Sentiment } from '../analyzer.js';

/**
 * The stub analyzer's few words: a text is positive or negative by the cue words it contains, its type and
 * emotions likewise. Matched as word prefixes of the lower-cased text ("crash" matches "crashes").
 */
const POSITIVE = [
  'love',
  'great',
  'thank',
  'excellent',
  'awesome',
  'amazing',
  'good',
  'nice',
  'happy',
  'perfect',
  'helpful',
  'fantastic',
  'fast',
  'easy',
  'works well',
  'gracias',
  'merci',
  'danke',
];
const NEGATIVE = [
  'hate',
  'terrible',
  'awful',
  'bad',
  'worst',
  'broken',
  'crash',
  'bug',
  'error',
  'fail',
  'slow',
  "can't",
  'cannot',
  "doesn't work",
  'not work',
  'annoying',
  'frustrat',
  'disappoint',
  'useless',
  'lost',
  'wrong',
  'angry',
  'cancel',
  'refund',
  'problem',
  'issue',
  'no funciona',
  'ne marche pas',
  'funktioniert nicht',
];
const BUG = ['crash', 'bug', 'error', 'broken', 'fail', "doesn't work", 'not work', 'freez', 'no funciona', 'ne marche pas', 'funktioniert nicht'];
const FEATURE = ['please add', 'would be nice', 'would love', 'wish', 'feature', 'could you add', 'support for', 'allow', 'option to'];
const QUESTION_STARTS = ['how', 'what', 'why', 'when', 'where', 'can i', 'is there', 'does', 'do you', 'who'];
const EMOTION_CUES: Record<Emotion, readonly string[]> = {
  anger: ['hate', 'furious', 'angry', 'ridiculous', 'unacceptable'],
  frustration: ['frustrat', 'annoying', 'again and again', 'still not'],
  disappointment: ['disappoint', 'expected better', 'let down'],
  confusion: ['confus', 'unclear', "don't understand", 'no idea how'],
  anxiety: ['worried', 'afraid', 'anxious', 'scared', 'nervous'],
  satisfaction: ['satisf', 'works well', 'happy', 'perfect'],
  gratitude: ['thank', 'grateful', 'appreciate', 'gracias', 'merci', 'danke'],
  excitement: ['excit', "can't wait", 'amazing', 'awesome'],
};

export interface StubJudgement {
  sentiment: Sentiment;
  sentimentScore: number;
  type: FeedbackType;
  emotions: Emotion[];
  confidence: number;
}

export function judgeByCues(text: string): StubJudgement {
  const lower = ` ${text.toLowerCase().replace(/\s+/g, ' ')}`;
  const count = (cues: readonly string[]) => cues.filter((cue) => lower.includes(` ${cue}`)).length;
  const positive = count(POSITIVE);
  const negative = count(NEGATIVE);
  const score = positive + negative === 0 ? 0 : Math.round(((positive - negative) / (positive + negative + 1)) * 1000) / 1000;
  const sentiment: Sentiment = score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
  const emotions = (Object.keys(EMOTION_CUES) as Emotion[]).filter((emotion) => count(EMOTION_CUES[emotion]) > 0);
  return { sentiment, sentimentScore: score, type: typeOf(text, lower, count, sentiment), emotions, confidence: positive + negative === 0 ? 0.4 : 0.7 };
}

function typeOf(text: string, lower: string, count: (cues: readonly string[]) => number, sentiment: Sentiment): FeedbackType {
  if (count(BUG) > 0) return 'bug';
  if (count(FEATURE) > 0) return 'feature_request';
  if (text.trim().endsWith('?') || QUESTION_STARTS.some((start) => lower.startsWith(` ${start} `))) return 'question';
  if (sentiment === 'negative') return 'complaint';
  if (sentiment === 'positive') return 'praise';
  return 'other';
}
