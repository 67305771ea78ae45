import { KeywordIndex } from './keyword-index.js';

/**
 * What a report is about — the product area or feature it names — recognised from keywords in
 * English, Spanish, French, German, Portuguese and Italian, without translation. Two reports naming
 * the same aspect in different words or languages ("cannot sign in" / "the authentication screen
 * rejects my credentials" / "no puedo iniciar sesión") share an aspect, which the clustering vector
 * weighs next to the embedding. Keywords match at the start of a word, after lower-casing and
 * removing accents (a keyword ending in `*` also starts longer words); a report may name several aspects, or none (then only its embedding and words count).
 *
 * The keywords are data (`resources/themes/aspect-taxonomy/`), given to `aspectTaxonomy`; this file holds
 * the matching rules. Each aspect has a fixed slot in the clustering vector, in the order given: new
 * aspects are appended, up to `ASPECT_SLOTS`.
 */
export const ASPECT_SLOTS = 320;

export interface Aspect {
  aspect: string;
  keywords: readonly string[];
}

/** Lower-case, accents removed, apostrophes straightened: what keywords are matched against. */
export function foldForAspects(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

export interface AspectTaxonomy {
  /** The aspects, in slot order. */
  readonly aspects: readonly Aspect[];
  /** The aspects a text names, with how many of their keywords occur, in slot order. */
  aspectsOf(text: string): { aspect: string; slot: number; hits: number }[];
  /** The aspect block of a clustering vector: hits per slot, not normalised (zeros when none). */
  aspectVector(text: string): number[];
}

/** The matching rules over a list of aspects (at most `ASPECT_SLOTS`). */
export function aspectTaxonomy(aspects: readonly Aspect[]): AspectTaxonomy {
  if (aspects.length > ASPECT_SLOTS) throw new Error('more aspects than slots');
  const index = new KeywordIndex(aspects.map(({ keywords }) => keywords.map(foldForAspects)));
  const aspectsOf = (text: string) =>
    [...index.count(foldForAspects(text))].sort(([a], [b]) => a - b).map(([slot, hits]) => ({ aspect: aspects[slot].aspect, slot, hits }));
  return {
    aspects,
    aspectsOf,
    aspectVector(text) {
      const vector = new Array<number>(ASPECT_SLOTS).fill(0);
      for (const { slot, hits } of aspectsOf(text)) vector[slot] = Math.min(hits, 2);
      return vector;
    },
  };
}
