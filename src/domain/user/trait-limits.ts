import { Invalid } from '../errors.js';

export const TRAITS_MAX_KEYS = 32;
export const TRAITS_MAX_BYTES = 8 * 1024;
/** A trait key is 1 to 256 characters (it is the `key` of a `trait=key:value` segment). */
export const TRAIT_KEY_MAX_CHARS = 256;

/** Spec 2.3: a user holds at most 32 traits and 8 KB of them (as JSON), after the merge. */
export function checkTraitLimits(merged: Record<string, unknown>): void {
  const keys = Object.keys(merged).length;
  if (keys > TRAITS_MAX_KEYS) {
    throw new Invalid([{ field: 'traits', message: `the user would hold ${keys} traits; at most ${TRAITS_MAX_KEYS} (a secret key removes one with null)` }]);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(merged)).length;
  if (bytes > TRAITS_MAX_BYTES) {
    throw new Invalid([{ field: 'traits', message: `the user's traits would be ${bytes} bytes as JSON; at most ${TRAITS_MAX_BYTES}` }]);
  }
}
