import fc from 'fast-check';

/**
 * Values a hostile or careless client sends: control and zero-width characters, NUL, unpaired
 * surrogates (a string cut mid-emoji), right-to-left marks, combining marks, huge strings, dates
 * that do not exist or that storage cannot hold, wrong types and deep nesting.
 */
const ODD_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\ud83d',
  '\ude00',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u202e',
  '\u0301',
  '\u00ad',
  '\u2028',
  '\r\n',
  '\t',
  '\u001b[31m',
  '😀',
  '👩‍👩‍👧',
  '\u{10ffff}',
  '\ufffd',
  'ß',
  'İ',
  '日本',
  '"',
  '\\',
  '%00',
  '%',
  "'",
  '<script>',
  '${x}',
  '../',
  ':',
  '@',
  '\x7f',
];

const DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-01:00',
  '2024-02-30T00:00:00Z',
  '2024-02-29T12:00:00Z',
  '2025-01-15T24:00:00Z',
  '2016-12-31T23:59:60Z',
  '+275760-09-13T00:00:00Z',
  '2025-01-15T00:00:00.00000000000000000000000191Z',
  '1969-12-31T23:59:59Z',
  '2025-01-15',
  '2025-01-15T09:30:00',
  '2026-03-01T12:00:00Z',
  'now',
  '1e21',
];

const shortOddString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(...ODD_CHARACTERS)), { maxLength: 8 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...DATE_TIMES) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', 'null', 'true', '0', '-1', '9'.repeat(400)) },
);

/** Mostly short odd strings, sometimes huge ones (tens of thousands of characters). */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: shortOddString },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('a', '😀', ' ', '\u200b', '\u0000', 'ab '), fc.integer({ min: 90, max: 70_000 })).map(([unit, n]) => unit.repeat(n)),
  },
);

/** For URLs: huge values are rarer, since anything over 16 KB is refused before routing (431). */
export const urlString: fc.Arbitrary<string> = fc.oneof({ weight: 12, arbitrary: shortOddString }, { weight: 1, arbitrary: oddString });

/** Nested arrays or objects, up to a thousand levels (deeper ones are sent as raw text: see `deepJsonText`). */
export const deepValue: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 8, max: 1000 }), fc.boolean(), oddString).map(([depth, arrays, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

export const oddJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString,
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -0, 2 ** 53 + 1)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 6, arbitrary: oddJson }, { weight: 1, arbitrary: deepValue });

/** A JSON body whose metadata (or another field) nests up to 12,000 levels, within the 64 KB limit. */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 11, max: 12_000 }), fc.constantFrom('metadata', 'userId', 'text', 'status'), fc.boolean())
  .map(([depth, field, arrays]) => {
    const [open, close] = arrays ? ['[', ']'] : ['{"a":', '}'];
    return `{"text":"deep","${field}":${open.repeat(depth)}1${close.repeat(depth)}}`;
  });
