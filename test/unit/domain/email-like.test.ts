import { expect } from 'chai';
import { isEmailLike, replaceEmailLikeTokens } from '../../../src/domain/text/email-like.js';
import { stripForLanguageId } from '../../../src/analysis/offline/text/placeholders.js';
import { contentWords } from '../../../src/resources/text.js';

/** The expression these functions replace; it backtracks cubically on long tokens, so only short inputs go through it. */
const OLD = /\S+@\S+\.\S+/g;

function stringsOver(alphabet: readonly string[], maxLength: number): string[] {
  const out = [''];
  for (let from = 0; out[from].length < maxLength; from++) for (const c of alphabet) out.push(out[from] + c);
  return out;
}

describe('e-mail-like tokens', () => {
  it('replaces exactly what /\\S+@\\S+\\.\\S+/g replaced, on every string of up to 7 characters over a, @, ., space and tab', () => {
    const strings = stringsOver(['a', '@', '.', ' ', '\t'], 7);
    expect(strings.length).to.equal(97_656);
    for (const s of strings) expect(replaceEmailLikeTokens(s, '#'), JSON.stringify(s)).to.equal(s.replace(OLD, '#'));
  });

  it('tells an address from a token that only has an @ or a dot in the wrong place', () => {
    expect(isEmailLike('a@b.c')).to.equal(true);
    expect(isEmailLike('a@@.b.')).to.equal(true);
    expect(isEmailLike('@b.c')).to.equal(false);
    expect(isEmailLike('a@.c')).to.equal(false);
    expect(isEmailLike('a@b.')).to.equal(false);
    expect(isEmailLike('ab.c@d')).to.equal(false);
  });

  // 10,000 characters of `a@` without a dot kept the old expression busy for minutes.
  it('reads a 10,000-character token of @s once, as language identification and theme words see it', () => {
    const noDot = 'a@'.repeat(5_000);
    expect(stripForLanguageId(`${noDot} hola`)).to.equal(`${'a '.repeat(5_000)}hola`);
    expect(stripForLanguageId(`${noDot}.b hola`)).to.equal('hola');
    expect(contentWords(`${noDot}.b export`)).to.deep.equal(['export']);
  });
});
