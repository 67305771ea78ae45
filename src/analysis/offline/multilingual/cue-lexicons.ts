/**
 * Hand-written cue lexicons for the languages the sentence encoder does not read (it was trained on
 * English). Each entry is a word stem or short phrase in folded text (customers often type "nao", "asi",
 * "a jour"), in the format of every cue list (`cue-pattern.ts`: matched at the start of a word, `_` ends a
 * word; CJK entries match anywhere).
 *
 * The lexicons are data, one file per language (`lexicons/<language>.json`): for each kind of cue a list
 * of entries, and under `constructions` the construction cues (`construction-cues.ts`). A run of entries
 * may be wrapped as `{ "about": "why", "entries": [...] }` to say what it catches or avoids; entries are
 * read in the order written.
 *
 * Written from general vocabulary (how customers of an app complain, ask and thank), not from the
 * evaluation fixtures; tuned on `training/tuning/multilingual.jsonl`.
 */

import es from './lexicons/es.json' with { type: 'json' };
import fr from './lexicons/fr.json' with { type: 'json' };
import de from './lexicons/de.json' with { type: 'json' };
import pt from './lexicons/pt.json' with { type: 'json' };
import it from './lexicons/it.json' with { type: 'json' };
import nl from './lexicons/nl.json' with { type: 'json' };
import ja from './lexicons/ja.json' with { type: 'json' };
import zh from './lexicons/zh.json' with { type: 'json' };
import ru from './lexicons/ru.json' with { type: 'json' };
import tr from './lexicons/tr.json' with { type: 'json' };
import { CUE_KINDS, type CueLexicon } from './cue-lexicon.js';
import { CONSTRUCTION_KINDS, type ConstructionCues } from './construction-cues.js';

type Note = { about?: unknown; entries?: unknown };

/** The entries of each of `kinds` in `lists`, in order, without their notes. */
function entriesByKind<K extends string>(where: string, lists: unknown, kinds: readonly K[]): Record<K, string[]> {
  const byKind = {} as Record<K, string[]>;
  for (const kind of kinds) {
    const entries = (lists as Record<string, unknown> | undefined)?.[kind];
    if (!Array.isArray(entries)) throw new Error(`cue lexicon ${where}: no list of ${kind} cues`);
    byKind[kind] = entries.flatMap((entry: unknown) => {
      if (typeof entry === 'string') return [entry];
      const note = entry as Note | null;
      if (typeof note?.about === 'string' && Array.isArray(note.entries) && note.entries.every((e) => typeof e === 'string')) return note.entries as string[];
      throw new Error(`cue lexicon ${where}.${kind}: an entry is neither a string nor { about, entries }`);
    });
  }
  return byKind;
}

/** One language's file as cue lists: the entries of each kind, in order, without their notes. */
export function lexiconFromFile(language: string, file: Record<string, unknown>): { lexicon: CueLexicon; constructions: ConstructionCues } {
  return {
    lexicon: entriesByKind(language, file, CUE_KINDS),
    constructions: entriesByKind(`${language}.constructions`, file.constructions, CONSTRUCTION_KINDS),
  };
}

const files: Record<string, Record<string, unknown>> = { es, fr, de, pt, it, nl, ja, zh, ru, tr };
const read = Object.entries(files).map(([language, file]) => [language, lexiconFromFile(language, file)] as const);

export const CUE_LEXICONS: Record<string, CueLexicon> = Object.fromEntries(read.map(([language, { lexicon }]) => [language, lexicon]));
export const CONSTRUCTION_CUES: Record<string, ConstructionCues> = Object.fromEntries(read.map(([language, { constructions }]) => [language, constructions]));
