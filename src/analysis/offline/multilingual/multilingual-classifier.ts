/**
 * Sentiment and type for feedback in languages other than English, from the cue lexicons: the
 * sentence encoder was trained on English and reads other languages as noise, so its heads are not
 * consulted here. Emoji carry the same polarity in every language.
 */
import type { Emotion } from '../../analyzer.js';
import type { Classification } from '../classifier/text-classifier.js';
import { countCues, lexiconFor, negationWindowStart, type CompiledLexicon, type CueCounts } from './cue-matcher.js';
import { foldText } from './cue-pattern.js';
import { readProblemReport } from '../problem-report/problem-report-cues.js';

const POSITIVE_EMOJI = /[😀😃😄😁😊😍🥰😘👍👏🙌💯❤💖✨🎉⭐🌟😎🤩]/gu;
const NEGATIVE_EMOJI = /[😡😠🤬😤😞😟😢😭😩😫👎💩🙄😒🤮😣😖]/gu;
/** Eye-roll and upside-down faces: whatever praise the text holds is sarcastic. */
const EYE_ROLL = /🙄|🙃|😒|🤦/u;
const QUESTION_MARK = /[?？]/;
/** Confidence when no cue of any kind was found: the answer (neutral, other) is a default, not a reading. */
const NO_CUE_CONFIDENCE = 0.25;
const MISIDENTIFIED_PENALTY = 0.1;
/** Contrast words ("but") per language, matched in folded text. */
const CONTRAST: Record<string, RegExp> = {
  es: /(?<!\p{L})(pero|aunque|sin embargo|lastima que)(?!\p{L})/gu,
  fr: /(?<!\p{L})(mais|cependant|par contre|sauf que|dommage que)(?!\p{L})/gu,
  de: /(?<!\p{L})(aber|jedoch|allerdings|nur schade)(?!\p{L})/gu,
  pt: /(?<!\p{L})(mas|porem|embora|so que|pena que)(?!\p{L})/gu,
  it: /(?<!\p{L})(ma|pero|tuttavia|peccato che)(?!\p{L})/gu,
  nl: /(?<!\p{L})(maar|echter|alleen jammer|, alleen)(?!\p{L})/gu,
  ru: /(?<!\p{L})(но|однако|только вот)(?!\p{L})/gu,
  tr: /(?<!\p{L})(ama|fakat|ancak|lakin)(?!\p{L})/gu,
  ja: /(けど|けれど|でも|しかし|ただ、)/gu,
  zh: /(但是|不过|可是|但)/gu,
};

/** The text after the last contrast word, or undefined when there is none (or nothing before it). */
function afterContrast(folded: string, language: string): string | undefined {
  const pattern = CONTRAST[language];
  if (!pattern) return undefined;
  const last = [...folded.matchAll(pattern)].at(-1);
  if (!last || last.index === 0) return undefined;
  return folded.slice(last.index + last[0].length);
}

/** Languages that language identification confuses on short texts. */
const CLOSE_RELATIVES: Record<string, string[]> = {
  es: ['pt', 'it'],
  pt: ['es'],
  it: ['es'],
  gl: ['pt', 'es'],
  ca: ['es'],
  nl: ['de'],
  af: ['nl'],
  de: ['nl'],
};

/** Whether `language` has a cue lexicon. */
export function hasCueLexicon(language: string): boolean {
  return lexiconFor(language) !== undefined;
}

export function classifyWithCues(text: string, language: string): Classification | undefined {
  const lexicon = lexiconFor(language);
  if (!lexicon) return undefined;
  const folded = foldText(text);
  // "La app es buena pero se cierra": what follows the contrast word is the point, when it says anything.
  const tail = afterContrast(folded, language);
  const tailReading = tail === undefined ? undefined : read(lexicon, tail, tail);
  if (tailReading && tailReading.evidence > 0) return decide(tailReading, 0);
  const reading = read(lexicon, text, folded);
  if (reading.evidence > 0) return decide(reading, 0);
  // Short texts in close languages (pt read as es) can be misidentified: when the detected language's
  // cues find nothing, the closest relative's lexicon answers, less surely.
  const alternatives = (CLOSE_RELATIVES[language] ?? []).map((code) => read(lexiconFor(code)!, text, folded)).sort((a, b) => b.evidence - a.evidence);
  return alternatives[0]?.evidence > 0 ? decide(alternatives[0], MISIDENTIFIED_PENALTY) : decide(reading, 0);
}

/** Problem-report cues (`problem-report/cues`): failures and service failures, and a problem framed as a request to check it. */
interface ReportCues {
  failure: number;
  complaint: number;
  /** An ask to check or fix what the text describes, or whether others have the same problem. */
  askToCheck: number;
  othersSeeing: number;
}

interface Reading {
  cues: CueCounts;
  report: ReportCues;
  positive: number;
  negative: number;
  asks: boolean;
  evidence: number;
}

/** "kein Ausfall", "mai fuori servizio": a failure under a negator is none. */
function negated(lexicon: CompiledLexicon, folded: string, index: number): boolean {
  return lexicon.negatedBefore?.test(folded.slice(negationWindowStart(lexicon, folded, index), index)) ?? false;
}

function readReport(lexicon: CompiledLexicon, folded: string): ReportCues {
  const found = readProblemReport(folded, lexicon.language);
  if (!found) return { failure: 0, complaint: 0, askToCheck: 0, othersSeeing: 0 };
  const failure = found.failure.filter((m) => !negated(lexicon, folded, m.index!)).length;
  // A chaser ("sigue pasando", "toujours pas de réponse") is a complaint: the problem goes on, or the answer is late.
  return { failure, complaint: found.complaint + found.followUp, askToCheck: found.askToCheck, othersSeeing: found.othersSeeing };
}

function read(lexicon: CompiledLexicon, text: string, folded: string): Reading {
  const cues = countCues(lexicon, folded);
  const report = readReport(lexicon, folded);
  let positive = cues.positive + cues.gratitude + (text.match(POSITIVE_EMOJI)?.length ?? 0);
  let negative = cues.negative + (text.match(NEGATIVE_EMOJI)?.length ?? 0);
  // Sarcasm: "ottimo, un altro aggiornamento che mi butta fuori 🙄" praises nothing.
  const problem = negative + cues.bug + cues.complaint + cues.removal + cues.repetition + report.failure + report.complaint > 0;
  const sarcastic = cues.resolved === 0 && (EYE_ROLL.test(text) || (cues.praisingOpener && problem));
  if (sarcastic) [positive, negative] = [0, negative + 1];
  const asks = cues.question > 0 || QUESTION_MARK.test(text);
  const reported = report.failure + report.complaint + report.askToCheck;
  const evidence = positive + negative + cues.bug + cues.complaint + cues.request + cues.removal + cues.rhetorical + reported + (asks ? 1 : 0);
  return { cues, report, positive, negative, asks, evidence };
}

function decide({ cues, report, positive, negative, asks, evidence }: Reading, penalty: number): Classification {
  const bug = cues.bug + report.failure > 0 && cues.resolved === 0;
  // "… vous pouvez vérifier ?", "… können Sie das prüfen?": a problem described, then a request to check it.
  const askedToCheck = (report.askToCheck > 0 || (report.othersSeeing > 0 && cues.complaint > 0)) && cues.request === 0 && cues.resolved === 0;
  // Price, subscription or support named in a plain question ("how do I cancel my subscription?") is not a grievance.
  const strongComplaint = cues.complaint > 0 && (negative > 0 || !asks) && negative + cues.complaint > positive;
  const conflicting = positive > 0 && (negative > 0 || bug);

  let type: Classification['type'];
  let sentiment: Classification['sentiment'];
  // Product convention: asking for something taken away back is a complaint, not a request or a bug.
  if (cues.removal > 0 && cues.resolved === 0) [type, sentiment] = ['complaint', 'negative'];
  else if (bug) [type, sentiment] = ['bug', 'negative'];
  else if (cues.rhetorical > 0) [type, sentiment] = ['complaint', 'negative'];
  else if (report.complaint > 0 && cues.resolved === 0) [type, sentiment] = ['complaint', 'negative'];
  else if (strongComplaint) [type, sentiment] = ['complaint', 'negative'];
  else if (askedToCheck) [type, sentiment] = [cues.complaint > 0 ? 'complaint' : 'bug', 'negative'];
  else if (cues.request > 0) [type, sentiment] = ['feature_request', negative > positive ? 'negative' : 'neutral'];
  else if (negative > positive) [type, sentiment] = ['complaint', 'negative'];
  else if (asks) [type, sentiment] = ['question', 'neutral'];
  else if (positive > 0) [type, sentiment] = ['praise', 'positive'];
  else [type, sentiment] = ['other', 'neutral'];

  const strength =
    sentiment === 'positive' ? positive : negative + cues.bug + cues.complaint + cues.removal + cues.rhetorical + report.failure + report.complaint;
  const magnitude = Math.min(0.95, 0.35 + 0.15 * strength);
  const sentimentScore = sentiment === 'neutral' ? 0 : Number((sentiment === 'positive' ? magnitude : -magnitude).toFixed(3));
  const confidence = evidence === 0 ? NO_CUE_CONFIDENCE : Math.min(0.85, 0.45 + 0.12 * evidence) - (conflicting ? 0.15 : 0) - penalty;
  return { sentiment, sentimentScore, type, emotions: emotionsFor(type, sentiment, cues), confidence: Number(confidence.toFixed(2)) };
}

function emotionsFor(type: Classification['type'], sentiment: Classification['sentiment'], cues: CueCounts): Emotion[] {
  const emotions: Emotion[] = [];
  if (type === 'bug') emotions.push('frustration');
  if (type === 'complaint') emotions.push('disappointment');
  if (sentiment === 'positive') emotions.push('satisfaction');
  if (cues.gratitude > 0 && sentiment !== 'negative') emotions.push('gratitude');
  return emotions;
}
