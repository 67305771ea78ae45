/**
 * The word lists of the English rules are data, one file per rule file (`lists/<rule>.json`); the rule files
 * keep only the logic: which list is tested where, in which order, and what frames it (word boundaries,
 * anchors, the words allowed in between, short function words such as "the|my|our" that join two lists).
 *
 * A list file maps a list name to an object with an `about` (what the list catches, with examples) and one or
 * more slots, each an array of alternatives:
 *
 *   "crash": { "about": "The app crashes, freezes, hangs, dies.", "phrases": ["crash(e[sd])?", "freez(e|es|ing)", …] }
 *
 * `ruleLists` turns every slot into one group, `(crash(e[sd])?|freez(e|es|ing)|…)`, which the rule file places
 * into its pattern (`\b${crash.phrases}\b`); a list of several slots is composed by the rule file
 * ("does not load": `${malfunction.negator} ${malfunction.action}`). Alternatives are tried in the order written.
 *
 * Alternatives are regular-expression fragments, read case-insensitively as the rule's flags say: `(a|b)` and
 * `?` for variants ("crash(e[sd])?", "can'?t"), `\w` for any word character, `\b` for a word boundary, and
 * `[^.!?]{0,30}` for a few words within the sentence. `{slot}` names another slot of the same list, which
 * stands there as its group ("{featureNoun}s? disappeared"). Each alternative must be a pattern on its own
 * (balanced parentheses), so that one entry cannot swallow the next. Written from general product
 * vocabulary; lists grow only when a held-out set improves.
 */

/** One list of a list file: what it catches, and its slots of alternatives. */
export interface RuleList {
  about: string;
}

type Slots<L> = { readonly [S in Exclude<keyof L, 'about'>]: string };
/** Every list of a file with each slot as one group of alternatives. */
export type RuleGroups<F> = { readonly [K in keyof F]: Slots<F[K]> };

const SLOT_REFERENCE = /\{([A-Za-z]\w*)\}/g;

function slotGroup(listName: string, list: Record<string, unknown>, slot: string, seen: readonly string[] = []): string {
  const alternatives = list[slot];
  const where = `${listName}.${slot}`;
  if (slot === 'about' || !Array.isArray(alternatives)) throw new Error(`rule list ${where}: no such slot of alternatives`);
  if (seen.includes(slot)) throw new Error(`rule list ${where}: names itself`);
  if (alternatives.length === 0) throw new Error(`rule list ${where} is empty`); // an empty group would match everywhere
  const fragments = alternatives.map((alternative: unknown) => {
    if (typeof alternative !== 'string' || alternative === '') throw new Error(`rule list ${where}: an alternative is not a non-empty string`);
    const fragment = alternative.replace(SLOT_REFERENCE, (_, name: string) => slotGroup(listName, list, name, [...seen, slot]));
    try {
      new RegExp(fragment);
    } catch (error) {
      throw new Error(`rule list ${where}: "${alternative}" is no pattern on its own (${(error as Error).message})`);
    }
    return fragment;
  });
  return `(${fragments.join('|')})`;
}

/** The lists of a list file, each slot joined into one group; throws on an empty list or a broken alternative. */
export function ruleLists<F extends { [name: string]: RuleList }>(file: F): RuleGroups<F> {
  return Object.fromEntries(
    Object.entries(file).map(([name, list]) => {
      const slots = Object.keys(list).filter((slot) => slot !== 'about');
      return [name, Object.fromEntries(slots.map((slot) => [slot, slotGroup(name, list as unknown as Record<string, unknown>, slot)]))];
    }),
  ) as RuleGroups<F>;
}

/** `\b(a|b|c)\b`: one of a group's alternatives as whole words. */
export function wordsPattern(group: string, flags: string): RegExp {
  return new RegExp(String.raw`\b${group}\b`, flags);
}
