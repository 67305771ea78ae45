import type { KeyType } from '../project/events.js';
import { customerValueAmount, InvalidCustomerValue } from './customer-value.js';
import type { IgnoredTrait, UserIdentified } from './events.js';
import type { UserState } from './state.js';
import { decimalOf } from './value-marks.js';

export type TraitInput = string | number | boolean | null;

export interface TraitsSent {
  traits: Record<string, TraitInput>;
  keyType: KeyType;
  /** The project's customer-value trait (spec 2.4), if one is configured. */
  customerValueTrait: string | null;
}

export type SortedTraits = Pick<UserIdentified['data'], 'traitsSet' | 'numbersSet' | 'traitsRemoved' | 'traitsIgnored'>;

/**
 * Which of the sent traits a call writes, removes and ignores (spec 4.5 rules 3 to 6, 5.7). A
 * widget key is untrusted: it never unsets, never writes the customer value, and never overwrites a
 * number a server set (silently); its other traits are saved. An invalid customer value refuses
 * the whole call.
 */
export function sortTraits({ traits, keyType, customerValueTrait }: TraitsSent, state: UserState): SortedTraits {
  const texts: [string, string | boolean][] = [];
  const numbers: [string, string][] = [];
  const traitsRemoved: string[] = [];
  const traitsIgnored: IgnoredTrait[] = [];
  const bySecretKey = keyType === 'secret';
  for (const [key, value] of Object.entries(traits)) {
    if (key === customerValueTrait) {
      if (!bySecretKey) traitsIgnored.push({ key, reason: 'value_requires_secret_key' });
      else if (value === null) traitsRemoved.push(key);
      else numbers.push([key, customerValueAmount(value) ?? invalidCustomerValue(key)]);
    } else if (value === null) {
      if (bySecretKey) traitsRemoved.push(key);
      else traitsIgnored.push({ key, reason: 'unset_requires_secret_key' });
    } else if (!bySecretKey && holdsServerNumber(state, key)) {
      traitsIgnored.push({ key, reason: 'server_value_kept' });
    } else if (typeof value === 'number') {
      // A widget's number is saved (rule 5) but never tracked: value marks follow secret keys only.
      numbers.push([key, decimalOf(value)]);
    } else {
      texts.push([key, value]);
    }
  }
  // fromEntries defines properties, so a trait named `__proto__` stays a trait.
  return { traitsSet: Object.fromEntries(texts), numbersSet: Object.fromEntries(numbers), traitsRemoved, traitsIgnored };
}

function holdsServerNumber(state: UserState, key: string): boolean {
  const trait = state.traits.get(key);
  return trait !== undefined && trait.setBy === 'secret' && typeof trait.value === 'number';
}

function invalidCustomerValue(key: string): never {
  throw new InvalidCustomerValue(key);
}
