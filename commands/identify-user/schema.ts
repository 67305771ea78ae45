import { Type, type Static } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';
import { TRAIT_KEY_MAX_CHARS, TRAITS_MAX_BYTES, TRAITS_MAX_KEYS } from '../../src/domain/user/trait-limits.js';

export const USER_ID_LIMIT_CHARS = 256;
export const TRAIT_KEY_LIMIT_CHARS = TRAIT_KEY_MAX_CHARS;

export const UserIdSchema = Chars({
  minLength: 1,
  maxLength: USER_ID_LIMIT_CHARS,
  description: 'Up to 256 characters, at least one of them visible.',
  examples: ['user_42'],
});

export const IdentifyUserBody = Type.Object(
  {
    userId: UserIdSchema,
    traits: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
      maxProperties: TRAITS_MAX_KEYS,
      description:
        `Shallow-merged into the user's traits; the user holds at most ${TRAITS_MAX_KEYS} traits and ${TRAITS_MAX_BYTES / 1024} KB (as JSON). ` +
        'Keys are 1 to 256 characters, visible, without `:` (each is a `trait=key:value` segment). Values are strings, numbers ' +
        'or booleans; null removes the trait and its value mark (secret keys only). The customer-value trait takes an amount ' +
        'in major units: a number from 0 to 999,999,999,999 with at most 3 decimals, or a string of digits such as "49.90".',
    }),
  },
  { additionalProperties: false },
);
export type IdentifyUserBody = Static<typeof IdentifyUserBody>;

export const TraitsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
  description: "The user's traits after the merge. The customer-value trait is a number (major units) whichever form it was sent in.",
});

export const IdentifyWarningSchema = Type.Object({
  code: Type.Union([Type.Literal('value_requires_secret_key'), Type.Literal('unset_requires_secret_key')], {
    description:
      '`value_requires_secret_key`: the customer-value trait, or a number, sent with a widget key; ' +
      '`unset_requires_secret_key`: a trait sent as null with a widget key.',
  }),
  key: Type.String({ description: 'The trait that was not written.' }),
});

export const IdentifyUserResponse = Type.Union([
  Type.Object({ userId: Type.String(), traits: TraitsSchema }, { description: 'With a secret key: the merged traits.' }),
  Type.Object(
    { userId: Type.String(), warnings: Type.Array(IdentifyWarningSchema) },
    { description: 'With a widget key: never the traits; each trait the key may not write, dropped.' },
  ),
]);
