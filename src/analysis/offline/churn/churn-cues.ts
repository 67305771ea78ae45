/**
 * The churn cue files (`cues/<language>.json`), one per language the offline analyzer reads, compiled into
 * regular expressions. Each file holds:
 * - `threat`: phrasings of leaving (cancel the subscription, switch to a competitor, not renew, money back,
 *   close the account, uninstall for good, "last straw", looking at alternatives);
 * - `notThreat`: look-alikes; a threat that overlaps one does not count ("cancel my order", "switched from",
 *   "uninstalled and reinstalled", "was about to cancel, but …");
 * - `negators`: whole words that, shortly before a threat in the same clause, take it back ("I would never
 *   switch to another tool");
 * - `boundaries`: words that open a new clause, so a negator before them does not reach the threat ("if it
 *   isn't fixed we cancel");
 * - `staying`: the customer says they stay ("staying, thanks", "we're not going anywhere"), or withdraws an
 *   earlier threat ("the cancellation is off the table", "die Kündigung ist vom Tisch"): the text is no
 *   threat, whatever else it says of cancelling (a refund of one charge, a bug in the cancel page).
 * Entries are regular-expression fragments of folded text, in the format of every cue list
 * (`multilingual/cue-pattern.ts`: `_` ends a word, `\w` is a letter or digit; Japanese and Chinese entries match
 * anywhere). Written from general vocabulary; tuned on `test/fixtures/churn/tuning/items.json`.
 */
import { cuePattern, writtenWithoutSpaces } from '../multilingual/cue-pattern.js';
import { clauseBoundaryPattern, negatorPattern, type Negation } from '../multilingual/negation.js';
import en from './cues/en.json' with { type: 'json' };
import es from './cues/es.json' with { type: 'json' };
import fr from './cues/fr.json' with { type: 'json' };
import de from './cues/de.json' with { type: 'json' };
import it from './cues/it.json' with { type: 'json' };
import pt from './cues/pt.json' with { type: 'json' };
import nl from './cues/nl.json' with { type: 'json' };
import ja from './cues/ja.json' with { type: 'json' };
import zh from './cues/zh.json' with { type: 'json' };
import ru from './cues/ru.json' with { type: 'json' };
import tr from './cues/tr.json' with { type: 'json' };

export interface ChurnCueFile {
  threat: string[];
  notThreat: string[];
  negators: string[];
  boundaries: string[];
  staying: string[];
}

/** `negator` and `boundary` (punctuation or a word from `boundaries`) as `negation.ts` reads them. */
export interface ChurnCues extends Negation {
  language: string;
  threat: RegExp;
  notThreat: RegExp;
  /** The customer says they stay. */
  staying: RegExp;
  /** Written without spaces between words: cues match anywhere, the negation window counts characters. */
  unspaced: boolean;
}

const FILES: Record<string, ChurnCueFile> = { en, es, fr, de, it, pt, nl, ja, zh, ru, tr };

function compile(language: string, file: ChurnCueFile): ChurnCues {
  const unspaced = writtenWithoutSpaces(language);
  return {
    language,
    threat: cuePattern(file.threat, { unspaced }),
    notThreat: cuePattern(file.notThreat, { unspaced }),
    negator: negatorPattern(file.negators, unspaced),
    boundary: clauseBoundaryPattern(file.boundaries),
    staying: cuePattern(file.staying, { unspaced, flags: 'u' }),
    unspaced,
  };
}

const compiled = new Map(Object.entries(FILES).map(([language, file]) => [language, compile(language, file)]));

export const CHURN_CUE_LANGUAGES: readonly string[] = [...compiled.keys()];

export function churnCuesFor(language: string): ChurnCues | undefined {
  return compiled.get(language);
}
