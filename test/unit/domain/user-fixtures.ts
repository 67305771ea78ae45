import type { IdentifyUser } from '../../../src/domain/user/decide.js';
import type { UserIdentified } from '../../../src/domain/user/events.js';
import type { TraitInput } from '../../../src/domain/user/sort-traits.js';

export const T1 = '2026-01-01T00:00:00.000Z';
export const T2 = '2026-02-01T00:00:00.000Z';
export const T3 = '2026-03-01T00:00:00.000Z';
export const T4 = '2026-04-01T00:00:00.000Z';

/** An identify call of user `u1` in project `p1`; a secret key and no customer value unless told. */
export const identify = (traits: Record<string, TraitInput>, options: Partial<IdentifyUser> = {}): IdentifyUser => ({
  type: 'IdentifyUser',
  projectId: 'p1',
  userId: 'u1',
  traits,
  keyType: 'secret',
  customerValueTrait: null,
  at: T1,
  ...options,
});

/** The event of a call that wrote `data`'s traits and nothing else. */
export const identified = (data: Partial<UserIdentified['data']>): UserIdentified => ({
  type: 'UserIdentified',
  data: {
    projectId: 'p1',
    userId: 'u1',
    traitsSet: {},
    numbersSet: {},
    traitsRemoved: [],
    traitsIgnored: [],
    byKeyType: 'secret',
    at: T1,
    ...data,
  },
});
