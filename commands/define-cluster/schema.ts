import { Type } from '@sinclair/typebox';
import { Chars } from '../../src/http/chars.js';
import { DESCRIPTION_LIMIT_CHARS, KEYWORD_LIMIT_CHARS, MAX_KEYWORDS } from '../../src/domain/cluster/definition-rules.js';

export const KeywordsField = Type.Array(Chars({ minLength: 1, maxLength: KEYWORD_LIMIT_CHARS }), {
  minItems: 1,
  maxItems: MAX_KEYWORDS,
  description:
    `1 to ${MAX_KEYWORDS} keywords or phrases (1 to ${KEYWORD_LIMIT_CHARS} characters each, any language), kept lower case with single spaces; ` +
    'two that are alike after that are a 400. An item names a keyword when the keyword’s words appear in its text in order, compared ' +
    'as stems (so "invoices" names "invoice"); an English keyword also matches its usual Spanish, German, French, Portuguese, Italian ' +
    'and Dutch translations in items of those languages.',
  examples: [['invoice', 'billing', 'refund', 'charged twice']],
});

export const DescriptionField = Chars({
  maxLength: DESCRIPTION_LIMIT_CHARS,
  description: `What the theme is about, up to ${DESCRIPTION_LIMIT_CHARS} characters (line breaks allowed); redacted like feedback text. Empty means none.`,
  examples: ['Anything about invoices, charges and refunds.'],
});

export const ParentIdField = Type.String({
  minLength: 1,
  maxLength: 100,
  description:
    'A theme of this project to file this one under (a parent area). Two levels only: the parent must have no parent, and a theme that is a parent takes none.',
  examples: ['cl_0f3k8d2m5q7w9e1r4t6y'],
});
