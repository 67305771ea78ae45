import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS, type Emotion, type FeedbackType, type Sentiment, type TextAnalysis } from '../analyzer.js';
import { withChurnRisk } from '../churn-consistency.js';
import { InvalidModelOutputError } from './llm-error.js';

/**
 * Magnitude used when the model labels an item positive or negative but scores it 0: the label is trusted over
 * the score, and a polar item must not carry the neutral score.
 */
export const DEFAULT_POLAR_MAGNITUDE = 0.5;

/** Confidence recorded when the model gives none (or no number): neither a strong nor a weak answer. */
export const DEFAULT_CONFIDENCE = 0.5;

/** Longest topic kept, in characters: a topic is a name of 1–4 words, not a sentence. */
export const TOPIC_MAX_LENGTH = 60;

/** Answers that name no product area: recorded as no topic, so such reports do not meet through the word "general". */
const NO_TOPIC = /^(general|none|n\/?a|other|unknown|no topic|not applicable|miscellaneous|misc)$/i;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * Validates and normalises the model's structured answer. Throws `InvalidModelOutputError` when the answer cannot
 * be trusted at all (not an object, unknown sentiment, no numeric score); repairs everything else:
 * unknown type → `other`, emotions filtered to the fixed list, language → 2-letter ISO 639-1 or `und`,
 * score clamped to [-1, 1] with its sign forced to match the sentiment (neutral → 0), confidence clamped to [0, 1]
 * (missing → `DEFAULT_CONFIDENCE`), topic cleaned by `normalizeTopic`, churnRisk true only when the model said so (and then
 * the sentiment is not positive: `withChurnRisk`).
 */
export function normalizeAnalysis(raw: unknown): TextAnalysis {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidModelOutputError('not a JSON object');
  const answer = raw as Record<string, unknown>;
  const sentiment = normalizeSentiment(answer.sentiment);
  const topic = normalizeTopic(answer.topic);
  return withChurnRisk(
    {
      sentiment,
      sentimentScore: normalizeScore(answer.sentimentScore, sentiment),
      type: normalizeType(answer.type),
      emotions: normalizeEmotions(answer.emotions),
      language: normalizeLanguage(answer.language),
      confidence: normalizeConfidence(answer.confidence),
      ...(topic === undefined ? {} : { topic }),
    },
    normalizeChurnRisk(answer.churnRisk),
  );
}

/** Only an explicit yes counts: a model that leaves the field out or answers anything else raises no alarm. */
function normalizeChurnRisk(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/**
 * The product area the model named, as one line: control and format characters and surrounding quotes
 * removed, white space collapsed, at most `TOPIC_MAX_LENGTH` characters (cut at a word). Undefined when the
 * model named none ("General", "None" …) or gave no string.
 */
export function normalizeTopic(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const topic = value
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`.]+$/gu, '')
    .trim();
  if (topic === '' || NO_TOPIC.test(topic) || !/[\p{L}\p{N}]/u.test(topic)) return undefined;
  const chars = Array.from(topic);
  if (chars.length <= TOPIC_MAX_LENGTH) return topic;
  const cut = chars.slice(0, TOPIC_MAX_LENGTH).join('');
  return (cut.includes(' ') ? cut.slice(0, cut.lastIndexOf(' ')) : cut).trim();
}

function normalizeConfidence(value: unknown): number {
  const confidence = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(confidence)) return DEFAULT_CONFIDENCE;
  return Number(Math.min(1, Math.max(0, confidence)).toFixed(2));
}

function normalizeSentiment(value: unknown): Sentiment {
  const sentiment = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (!(SENTIMENTS as readonly string[]).includes(sentiment ?? '')) throw new InvalidModelOutputError('sentiment missing or not in the fixed set');
  return sentiment as Sentiment;
}

function normalizeScore(value: unknown, sentiment: Sentiment): number {
  const score = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(score)) throw new InvalidModelOutputError('sentimentScore missing or not a number');
  if (sentiment === 'neutral') return 0;
  const magnitude = Math.min(1, Math.abs(score)) || DEFAULT_POLAR_MAGNITUDE;
  return sentiment === 'positive' ? magnitude : -magnitude;
}

function normalizeType(value: unknown): FeedbackType {
  const type =
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : '';
  return (FEEDBACK_TYPES as readonly string[]).includes(type) ? (type as FeedbackType) : 'other';
}

function normalizeEmotions(value: unknown): Emotion[] {
  if (!Array.isArray(value)) return [];
  const wanted = new Set(value.filter((e): e is string => typeof e === 'string').map((e) => e.trim().toLowerCase()));
  // Fixed-list order keeps the result deterministic whatever order the model used.
  return EMOTIONS.filter((emotion) => wanted.has(emotion));
}

function normalizeLanguage(value: unknown): string {
  if (typeof value !== 'string') return 'und';
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2}$/.test(primary)) return 'und';
  return languageNames.of(primary) === undefined ? 'und' : primary;
}
