/**
 * Hand-written cue lexicons for the languages the sentence encoder does not read (it was trained on
 * English). Each entry is a word stem or short phrase in folded text (customers often type "nao", "asi",
 * "a jour"), in the format of every cue list (`cue-pattern.ts`: matched at the start of a word, `_` ends a
 * word; CJK entries match anywhere).
 *
 * Written from general vocabulary (how customers of an app complain, ask and thank), not from the
 * evaluation fixtures; tuned on `training/tuning/multilingual.jsonl`.
 */

import { es } from './lexicons/es.js';
import { fr } from './lexicons/fr.js';
import { de } from './lexicons/de.js';
import { pt } from './lexicons/pt.js';
import { it } from './lexicons/it.js';
import { nl } from './lexicons/nl.js';
import { ja } from './lexicons/ja.js';
import { zh } from './lexicons/zh.js';
import { ru } from './lexicons/ru.js';
import { tr } from './lexicons/tr.js';
import type { CueLexicon } from './cue-lexicon.js';

export const CUE_LEXICONS: Record<string, CueLexicon> = { es, fr, de, pt, it, nl, ja, zh, ru, tr };
