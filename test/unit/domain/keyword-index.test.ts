import { expect } from 'chai';
import fc from 'fast-check';
import { foldForAspects } from '../../../src/domain/cluster/aspects.js';
import { ASPECTS } from '../../../src/resources/aspect-taxonomy.js';
import { KeywordIndex } from '../../../src/domain/cluster/keyword-index.js';

/** The definition the index implements: one global regular expression per list, counted. */
function regexCounter(lists: readonly (readonly string[])[]): (text: string) => Map<number, number> {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (k: string) => (k.endsWith('*') ? escape(k.slice(0, -1)) : `${escape(k)}(?![\\p{L}\\p{N}])`);
  const expressions = lists.map((keywords) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${keywords.map(pattern).join('|')})`, 'gu'));
  return (text) => {
    const hits = new Map<number, number>();
    expressions.forEach((expression, list) => {
      const n = text.match(expression)?.length ?? 0;
      if (n > 0) hits.set(list, n);
    });
    return hits;
  };
}

describe('keyword index', () => {
  const lists = [['log in', 'login', 'lo*'], ['crash*', 'dies'], ['a'], ['login*']];
  const index = new KeywordIndex(lists);

  it('given keywords, when a text names them, then it counts whole words, prefixes and phrases per list', () => {
    expect([...index.count('it crashed, then crashes; it dies')]).to.deep.equal([[1, 3]]);
    expect(index.count('studies').size, 'a whole-word keyword inside a word').to.equal(0);
    expect([...index.count('a login loop')].sort()).to.deep.equal([
      [0, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it('given a list whose keywords overlap, then its first keyword in list order wins and the next match starts after it', () => {
    // "login" (2nd) is not tried before "log in" (1st) fails; "lo*" (3rd) would match "lo" and leave "gin".
    expect(index.count('loginlogin').get(0)).to.equal(1);
    expect(index.count('loginlogin').get(3)).to.equal(1);
  });

  it('counts exactly as one regular expression per list, on texts made of the taxonomy keywords and odd characters', function () {
    // The reference counter compiles one large expression per list for every text: slow by design.
    this.timeout(240_000);
    const aspectLists = ASPECTS.map((a) => a.keywords.map(foldForAspects));
    const full = new KeywordIndex(aspectLists);
    const byRegex = regexCounter(aspectLists);
    const pieces = aspectLists.flat().map((k) => k.replace(/\*$/, ''));
    const piece = fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(' ', '-', "'", 'x', 's', '1', 'é', '\u{1D400}', '\ud800', '\u0000', '.'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect([...full.count(text)].sort((a, b) => a[0] - b[0])).to.deep.equal([...byRegex(text)].sort((a, b) => a[0] - b[0]));
      }),
      { numRuns: 120, seed: 13 },
    );
  });
});
