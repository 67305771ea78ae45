/**
 * The problem-report cue files (`cues/<language>.json`), compiled: how customers report that something is
 * wrong when the words of the lexicons do not say so, or when the report is framed as a question or a
 * request for help. Each file holds:
 * - `failure`: something is broken or out: "is down", "keeps failing", "funktioniert nicht", "ausgefallen",
 *   "Störung", "cade la connessione", "en panne", "fuera de servicio", "caiu" (read as a bug);
 * - `complaint`: a service failure that is no defect: nobody came to the appointment, the same problem
 *   reported for the third time (read as a complaint);
 * - `askToCheck`: the customer asks the company to look into, check, fix or correct what they just
 *   described ("… Can you look into it?", "… vous pouvez vérifier ?"): a problem report, not a question or
 *   a feature request, when a statement comes before it and the ask refers back to it (at most a few
 *   words follow it in its clause);
 * - `othersSeeing`: asking whether others have the same problem ("is anyone else seeing…", "bin ich der
 *   Einzige");
 * - `followUp`: the customer writes again because a problem goes on or goes unanswered: a chaser ("following
 *   up on…", "any progress?", "no reply yet", "it's been three weeks.", "still not fixed", "immer noch nicht",
 *   "toujours pas", "sigue pasando", "mais uma semana e nada", "ancora niente", "nog steeds geen"). Its tone
 *   often reads neutral, yet it is a complaint: the problem is still there, or the answer is late (read as a
 *   complaint, or a bug when a failure is named too);
 * - `conditionals`: words that make a failure hypothetical ("does it still work if the Wi-Fi is down?"):
 *   a failure after one of them in the same clause is not reported.
 * - `negators` (English only; the cue lexicons negate the other languages' failures): words that take a failure
 *   back when they stand shortly before it in its clause ("never down", "no outage since March").
 * Entries are regular-expression fragments of folded text, in the format of every cue list
 * (`multilingual/cue-pattern.ts`: `_` ends a word, `\w` is a letter or digit). Written from general vocabulary,
 * not from evaluation sets.
 */
import { cuePattern, WORD_END } from '../multilingual/cue-pattern.js';
import { clauseBoundaryPattern, negatedBefore, negatorPattern, type Negation } from '../multilingual/negation.js';
import en from './cues/en.json' with { type: 'json' };
import es from './cues/es.json' with { type: 'json' };
import fr from './cues/fr.json' with { type: 'json' };
import de from './cues/de.json' with { type: 'json' };
import it from './cues/it.json' with { type: 'json' };
import pt from './cues/pt.json' with { type: 'json' };
import nl from './cues/nl.json' with { type: 'json' };

export interface ProblemReportCueFile {
  failure: string[];
  complaint: string[];
  askToCheck: string[];
  othersSeeing: string[];
  followUp: string[];
  conditionals: string[];
  negators?: string[];
}

type Category = Exclude<keyof ProblemReportCueFile, 'conditionals' | 'negators'>;
const CATEGORIES: readonly Category[] = ['failure', 'complaint', 'askToCheck', 'othersSeeing', 'followUp'];
const FILES: Record<string, ProblemReportCueFile> = { en, es, fr, de, it, pt, nl };
/** Words of a statement that must come before an ask to check for it to refer back to one. */
const STATEMENT_WORDS = 3;
/** Words that may follow an ask to check before its clause ends ("… können Sie das bitte prüfen?", "… check it for me?"). */
const TAIL_WORDS = 3;
const CLAUSE_TAIL = new RegExp(`^(?:[\\s,]*[\\p{L}\\p{N}'-]+){0,${TAIL_WORDS}}[\\s]*(?:[?.!;:)]|$)`, 'u');

/** A conditional word in the clause that ends where a failure starts. */
function conditionalClause(entries: readonly string[]): RegExp {
  return cuePattern(entries, { followedBy: `${WORD_END}[^.,;:!?]*$`, flags: 'u' });
}

interface CompiledCues {
  patterns: Record<Category, RegExp>;
  conditional: RegExp;
  negation: Negation;
}

const compiled = new Map<string, CompiledCues>(
  Object.entries(FILES).map(([language, file]) => [
    language,
    {
      patterns: Object.fromEntries(CATEGORIES.map((c) => [c, cuePattern(file[c])])) as Record<Category, RegExp>,
      conditional: conditionalClause(file.conditionals),
      negation: { negator: negatorPattern(file.negators ?? [], false), boundary: clauseBoundaryPattern([]), unspaced: false },
    },
  ]),
);

export const PROBLEM_REPORT_LANGUAGES: readonly string[] = [...compiled.keys()];

/**
 * The cues found in a text: `failure` the failures that are neither hypothetical nor negated, the counts the matches,
 * `askToCheck` only those that follow a statement and end their clause.
 */
export interface ProblemReportCues {
  failure: RegExpMatchArray[];
  complaint: number;
  askToCheck: number;
  othersSeeing: number;
  followUp: number;
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** Reads the problem-report cues of `language` in an already folded text; undefined when the language has none. */
export function readProblemReport(folded: string, language: string): ProblemReportCues | undefined {
  const cues = compiled.get(language);
  if (!cues) return undefined;
  const { patterns, conditional, negation } = cues;
  const askToCheck = [...folded.matchAll(patterns.askToCheck)].filter(
    (m) => words(folded.slice(0, m.index)) >= STATEMENT_WORDS && CLAUSE_TAIL.test(folded.slice(m.index + m[0].length)),
  ).length;
  return {
    failure: [...folded.matchAll(patterns.failure)].filter((m) => !conditional.test(folded.slice(0, m.index)) && !negatedBefore(negation, folded, m.index)),
    complaint: folded.match(patterns.complaint)?.length ?? 0,
    askToCheck,
    othersSeeing: folded.match(patterns.othersSeeing)?.length ?? 0,
    followUp: folded.match(patterns.followUp)?.length ?? 0,
  };
}
