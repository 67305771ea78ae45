/**
 * Cues for constructions rather than words, per language (in the format of every cue list, `cue-pattern.ts`):
 * - removal: something was taken away and the customer wants it back ("perche avete tolto il widget",
 *   "zet hem terug") — a complaint by product convention, whatever else the text says;
 * - rhetorical: a question that is a complaint ("waarom moet ik elke keer opnieuw inloggen??");
 * - repetition: "again", "another" — after a praising opener ("ottimo, un altro aggiornamento…") it is sarcasm;
 * - negators: a praise word right after one is not praise ("non mi piace"), a dissatisfaction word
 *   right after one is not dissatisfaction ("niet slecht").
 * The cues are data: `constructions` in each language's lexicon file (`lexicons/<language>.json`, read by
 * `cue-lexicons.ts`). Written from general vocabulary; tuned on `training/tuning/multilingual.jsonl`.
 */

export interface ConstructionCues {
  removal: string[];
  rhetorical: string[];
  repetition: string[];
  /** Whole words that negate the next one or two words. */
  negators: string[];
}

/** Every kind of construction cue, as a lexicon file names them under `constructions`. */
export const CONSTRUCTION_KINDS = ['removal', 'rhetorical', 'repetition', 'negators'] as const satisfies readonly (keyof ConstructionCues)[];
