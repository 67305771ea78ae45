import type { KeyType } from '../project/events.js';
import { traitsWritten, type TraitValue, type UserEvent } from './events.js';
import { markedAmounts, recordAmount, type ValueMark } from './value-marks.js';

export interface Trait {
  value: TraitValue;
  /** Who wrote the value: a widget key may not overwrite a number a server set (spec 4.5 rule 5). */
  setBy: KeyType;
}

/** Maps, not objects: a trait may be called `__proto__` or `constructor`. */
export interface UserState {
  userId?: string;
  traits: Map<string, Trait>;
  valueMarks: Map<string, ValueMark>;
  /** In the at-risk band since the last `UserHealthChanged`, until a `UserHealthRecovered`. */
  atRisk?: boolean;
  /** Merge suggestions already merged into this user: a resumed merge records nothing twice. */
  mergedSuggestions?: readonly string[];
}

export const initialUserState = (): UserState => ({ traits: new Map(), valueMarks: new Map() });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserIdentified': {
      const { userId, traitsRemoved, byKeyType, at } = event.data;
      const traits = new Map(state.traits);
      const valueMarks = new Map(state.valueMarks);
      for (const key of traitsRemoved) {
        traits.delete(key);
        valueMarks.delete(key);
      }
      for (const [key, value] of Object.entries(traitsWritten(event.data))) traits.set(key, { value, setBy: byKeyType });
      for (const [key, amount] of markedAmounts(event.data)) valueMarks.set(key, recordAmount(valueMarks.get(key), amount, at));
      return { ...state, userId, traits, valueMarks };
    }
    case 'UserHealthChanged':
      return { ...state, atRisk: true };
    case 'UserHealthRecovered':
      return { ...state, atRisk: false };
    case 'ShadowUserMerged':
      return { ...state, mergedSuggestions: [...(state.mergedSuggestions ?? []), event.data.suggestionId] };
    case 'UserErased':
      return { ...initialUserState(), userId: event.data.userId };
  }
}

/** The traits as the API shows them. */
export const traitsObject = (traits: Map<string, Trait>): Record<string, TraitValue> =>
  Object.fromEntries([...traits].map(([key, trait]) => [key, trait.value]));
