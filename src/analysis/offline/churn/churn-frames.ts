/**
 * The churn frame files (`frames/<language>.json`): word lists that `match-frames.ts` combines within one
 * sentence, so that a threat counts however it is phrased, not only when a whole-phrase cue was written for it.
 * Each file holds:
 * - `switchVerbs`: verbs of going over to someone else (switch, move, migrate, wechseln, overstappen, trocar);
 * - `adoptVerbs`: verbs that name a new supplier only with a future or intent marker (use, go with, sign with);
 * - `destinations`: another supplier (another provider, a competitor, een andere aanbieder);
 * - `towards`: the preposition before a destination named by a capitalised brand (to, zu, naar, pela, para);
 * - `notBrands`: capitalised words after `towards` that are no brand (days, months, languages, German nouns);
 * - `endVerbs`: verbs that end a relationship (cancel, terminate, delete, quit, downgrade, "won't need");
 * - `relationships`: what is ended (account, subscription, contract, seats, membership);
 * - `notRelationships`: things cancelled that are not the relationship (meeting, call, order, add-on);
 * - `intent`: future and intent markers (will, going to, from January);
 * - `from`: direction away from a supplier, toward us (from, von, vindo de): no threat;
 * - `notices`: leaving formalities (final invoice, export of all our data), a threat together with another frame verb;
 * - `guards`: a sentence holding one of these is no threat by frame (hypotheticals, how-to for somebody else,
 *   only part of the service);
 * Entries are regular-expression fragments of folded text, in the format of every cue list
 * (`multilingual/cue-pattern.ts`). Negators and look-alikes come from the cue file.
 */
import de from './frames/de.json' with { type: 'json' };
import en from './frames/en.json' with { type: 'json' };
import es from './frames/es.json' with { type: 'json' };
import fr from './frames/fr.json' with { type: 'json' };
import it from './frames/it.json' with { type: 'json' };
import nl from './frames/nl.json' with { type: 'json' };
import pt from './frames/pt.json' with { type: 'json' };
import { cuePattern } from '../multilingual/cue-pattern.js';

export const FRAME_LISTS = [
  'switchVerbs',
  'adoptVerbs',
  'destinations',
  'towards',
  'notBrands',
  'endVerbs',
  'relationships',
  'notRelationships',
  'intent',
  'from',
  'notices',
  'guards',
] as const;
export type FrameList = (typeof FRAME_LISTS)[number];
export type ChurnFrameFile = Record<FrameList, string[]>;
export type ChurnFrames = Record<FrameList, RegExp>;

const FILES: Record<string, ChurnFrameFile> = { de, en, es, fr, it, nl, pt };

const compiled = new Map(
  Object.entries(FILES).map(([language, file]) => [language, Object.fromEntries(FRAME_LISTS.map((list) => [list, cuePattern(file[list])])) as ChurnFrames]),
);

export const CHURN_FRAME_LANGUAGES: readonly string[] = [...compiled.keys()];

export function churnFramesFor(language: string): ChurnFrames | undefined {
  return compiled.get(language);
}
