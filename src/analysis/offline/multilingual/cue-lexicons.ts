/**
 * Hand-written cue lexicons for the languages the sentence encoder does not read (it was trained on
 * English). Each entry is a word stem or short phrase in folded text (customers often type "nao", "asi",
 * "a jour"), in the format of every cue list (`cue-pattern.ts`: matched at the start of a word, `_` ends a
 * word; CJK entries match anywhere).
 *
 * The lexicons are data, one file per language (`lexicons/<language>.json`): for each kind of cue a list
 * of entries, where a run of entries may be wrapped as `{ "about": "why", "entries": [...] }` to say what
 * it catches or avoids; the entries are read in the order written.
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

type LexiconEntries = (string | { about: string; entries: string[] })[];

/** One language's file as cue lists: the entries of each kind, in order, without their notes. */
export function lexiconFromFile(language: string, file: Record<string, unknown>): CueLexicon {
  const lexicon = {} as CueLexicon;
  for (const kind of CUE_KINDS) {
    const entries = file[kind];
    if (!Array.isArray(entries)) throw new Error(`cue lexicon ${language}: no list of ${kind} cues`);
    lexicon[kind] = (entries as LexiconEntries).flatMap((entry) => {
      if (typeof entry === 'string') return [entry];
      if (entry && typeof entry.about === 'string' && Array.isArray(entry.entries) && entry.entries.every((e) => typeof e === 'string')) return entry.entries;
      throw new Error(`cue lexicon ${language}.${kind}: an entry is neither a string nor { about, entries }`);
    });
  }
  return lexicon;
}

const files: Record<string, Record<string, unknown>> = { es, fr, de, pt, it, nl, ja, zh, ru, tr };

export const CUE_LEXICONS: Record<string, CueLexicon> = Object.fromEntries(
  Object.entries(files).map(([language, file]) => [language, lexiconFromFile(language, file)]),
);
