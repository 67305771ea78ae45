import { expect } from 'chai';
import { keywordStems, matchDefinedTheme, type DefinedTheme } from '../../../src/domain/cluster/defined-match.js';

const theme = (
  clusterId: string,
  keywords: (string | { keyword: string; translations: [string, string][] })[],
  extra: Partial<DefinedTheme> = {},
): DefinedTheme => ({
  clusterId,
  definedAt: '2026-01-01T00:00:00.000Z',
  joinThreshold: 0.5,
  keywords: keywords.map((entry) => {
    const { keyword, translations } = typeof entry === 'string' ? { keyword: entry, translations: [] } : entry;
    return {
      keyword,
      phrases: [{ stems: keywordStems(keyword) }, ...translations.map(([language, word]) => ({ stems: keywordStems(word, language), language }))],
    };
  }),
  ...extra,
});

const billing = theme('billing', [
  {
    keyword: 'invoice',
    translations: [
      ['es', 'factura'],
      ['de', 'rechnung'],
    ],
  },
  'refund',
  'charged twice',
]);
const login = theme('login', ['sign in', 'password'], { definedAt: '2026-01-02T00:00:00.000Z' });
const exports = theme('exports', ['export'], { centre: [2, 0, 0], definedAt: '2026-01-03T00:00:00.000Z' });
// Defined, no member yet: its meaning is its definition's vector alone.
const onboarding = theme('onboarding', ['tutorial'], { definition: [0, 0, 3], definedAt: '2026-01-04T00:00:00.000Z' });
// Members along x, definition along y: its meaning is their unit sum, the diagonal.
const reports = theme('reports', ['report'], { centre: [5, 0, 0, 0], definition: [0, 1, 0, 0] });

describe('matchDefinedTheme', () => {
  const cases: { name: string; text: string; language?: string; vector?: number[]; themes?: DefinedTheme[]; expected: string | undefined; score?: number }[] = [
    { name: 'a keyword as written', text: 'Where is my invoice?', expected: 'billing', score: 2 },
    { name: 'a keyword by its stem (plural, case)', text: 'INVOICES are missing', expected: 'billing' },
    { name: 'a verb form by its stem', text: 'I was refunded late', expected: 'billing' },
    { name: 'a phrase as consecutive stems', text: 'They charged me twice? no: I was charged twice', expected: 'billing' },
    { name: 'a phrase is not matched out of order or apart', text: 'twice I was charged', expected: undefined },
    { name: 'punctuation splits a phrase', text: 'I was charged. Twice!', expected: undefined },
    { name: 'a stop word inside a phrase counts', text: 'I cannot sign in at all', expected: 'login' },
    { name: 'part of a word is no match', text: 'the invoicer module', expected: undefined },
    { name: 'a translation in its language', text: 'No encuentro mi factura', language: 'es', expected: 'billing' },
    { name: 'a translation, case folded', text: 'Die Rechnung fehlt', language: 'de', expected: 'billing' },
    {
      name: 'accents ignored',
      text: 'sin facturacion',
      language: 'es',
      themes: [theme('t', [{ keyword: 'billing', translations: [['es', 'facturación']] }])],
      expected: 't',
    },
    { name: 'a translation only in its own language', text: 'factura', language: 'de', expected: undefined },
    { name: 'the keyword itself in any language', text: 'La invoice no llega', language: 'es', expected: 'billing' },
    { name: 'more keywords named score higher', text: 'refund my invoice, and sign in fails', expected: 'billing', score: 3 },
    { name: 'equal scores: the earlier-defined theme', text: 'invoice and password', expected: 'billing', score: 2 },
    { name: 'meaning: the centre above the threshold', text: 'nothing named', vector: [1, 1.01, 0], expected: 'exports' },
    { name: 'meaning: below the threshold', text: 'nothing named', vector: [0, 1, 0], expected: undefined },
    { name: 'a keyword beats meaning', text: 'my invoice', vector: [1, 0, 0], expected: 'billing', score: 2 },
    { name: 'no centre, no meaning match', text: 'nothing', vector: [1, 0, 0], themes: [billing, login], expected: undefined },
    { name: 'vectors of another length are not compared', text: 'nothing', vector: [1, 0], expected: undefined },
    { name: 'no themes', text: 'invoice', themes: [], expected: undefined },
    { name: 'meaning: a definition without members', text: 'getting started is confusing', vector: [0, 0.1, 1], themes: [onboarding], expected: 'onboarding' },
    { name: 'meaning: far from the definition', text: 'nothing named', vector: [1, 0, 0.2], themes: [onboarding], expected: undefined },
    { name: 'meaning: members and definition together', text: 'x', vector: [1, 1, 0, 0], themes: [reports], expected: 'reports', score: 1 },
    { name: 'meaning: near the members only is less than their sum', text: 'x', vector: [1, 0, 0, 0], themes: [reports], expected: 'reports' },
    {
      name: 'meaning: a definition of another length is left out',
      text: 'x',
      vector: [1, 0, 0],
      themes: [theme('t', ['y'], { centre: [1, 0, 0], definition: [0, 1] })],
      expected: 't',
      score: 1,
    },
  ];

  for (const { name, text, language, vector, themes, expected, score } of cases) {
    it(`${name}: ${JSON.stringify(text)} → ${expected ?? 'none'}`, () => {
      const match = matchDefinedTheme({ text, language, vector }, themes ?? [exports, login, billing]);
      expect(match?.clusterId).to.equal(expected);
      if (score !== undefined) expect(match?.score).to.equal(score);
    });
  }

  it('says why: the keywords named, or the similarity', () => {
    expect(matchDefinedTheme({ text: 'refund for the invoice' }, [billing])?.why).to.deep.equal({ kind: 'keywords', keywords: ['invoice', 'refund'] });
    const meaning = matchDefinedTheme({ text: 'x', vector: [1, 0, 0] }, [exports]);
    expect(meaning?.why).to.deep.equal({ kind: 'meaning', similarity: 1 });
    expect(meaning?.score).to.be.below(2);
  });

  it('given members along one direction and a definition along another, when an item lies along the definition only, then its similarity is that of the diagonal', () => {
    const match = matchDefinedTheme({ text: 'x', vector: [0, 1, 0, 0] }, [reports]);
    expect(match?.why.kind).to.equal('meaning');
    expect(match?.score).to.be.closeTo(Math.SQRT1_2, 1e-9);
  });

  it('a tie between themes defined at the same time goes to the smaller id', () => {
    const a = theme('a', ['crash']);
    const b = theme('b', ['crash']);
    expect(matchDefinedTheme({ text: 'it crashes' }, [b, a])?.clusterId).to.equal('a');
  });
});
