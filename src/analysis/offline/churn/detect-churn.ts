/**
 * Whether a feedback text threatens to leave, from the churn cue files (`churn-cues.ts`). A threat counts
 * unless a look-alike overlaps it or a negator shortly before it, in the same clause, takes it back; none
 * counts when the customer says they stay.
 */
import { foldText } from '../multilingual/cue-pattern.js';
import { negatedBefore } from '../multilingual/negation.js';
import { churnCuesFor, type ChurnCues } from './churn-cues.js';
import { churnFramesFor } from './churn-frames.js';
import { hasFrameThreat } from './match-frames.js';

/**
 * Languages whose cues are read besides the detected one: language identification confuses close relatives
 * on short texts, and customers write "cancel" and "refund" in English whatever their language.
 */
const ALSO_READ: Record<string, string[]> = {
  es: ['pt', 'it', 'en'],
  pt: ['es', 'en'],
  it: ['es', 'en'],
  gl: ['pt', 'es', 'en'],
  ca: ['es', 'en'],
  nl: ['de', 'en'],
  af: ['nl', 'en'],
  de: ['nl', 'en'],
  en: [],
};

export function detectChurnRisk(text: string, language: string): boolean {
  const folded = foldText(text);
  const languages = [language, ...(ALSO_READ[language] ?? ['en'])];
  const read = languages.map(churnCuesFor).filter((cues): cues is ChurnCues => cues !== undefined);
  if (read.some((cues) => cues.staying.test(folded))) return false;
  if (read.some((cues) => hasThreat(cues, folded))) return true;
  return read.some((cues) => {
    const frames = churnFramesFor(cues.language);
    return frames !== undefined && hasFrameThreat(text, frames, cues);
  });
}

function hasThreat(cues: ChurnCues, folded: string): boolean {
  const lookAlikes = [...folded.matchAll(cues.notThreat)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const threat of folded.matchAll(cues.threat)) {
    const [start, end] = [threat.index, threat.index + threat[0].length];
    if (lookAlikes.some(([from, to]) => from < end && start < to)) continue;
    if (negatedBefore(cues, folded, start)) continue;
    return true;
  }
  return false;
}
