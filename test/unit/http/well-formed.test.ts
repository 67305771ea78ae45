import { expect } from 'chai';
import { malformedStringProblems, nestingDepth } from '../../../src/http/well-formed.js';

describe('strings storage cannot hold, found anywhere in a value (issue 7)', () => {
  it('names NUL and unpaired surrogates in values and keys by their path', () => {
    const problems = malformedStringProblems({ text: 'a\u0000', list: ['ok', '\ud83d'], nested: { 'k\udc00': 1 } });
    expect(problems.map((p) => p.field)).to.have.members(['text', 'list.1', 'nested.k\uFFFD']);
  });

  it('accepts well-formed text, emoji and other control characters', () => {
    expect(malformedStringProblems({ text: 'Läuft 😀 \t\n', n: 5, b: true, x: null })).to.deep.equal([]);
  });

  it('reports at most 20 problems and walks 100,000 levels without overflowing the stack', () => {
    expect(malformedStringProblems(Array.from({ length: 1000 }, () => '\u0000'))).to.have.length(20);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(malformedStringProblems(deep)).to.have.length(1);
    expect(nestingDepth(deep, 10)).to.equal(11);
  });

  it('counts nesting levels of objects and arrays', () => {
    expect(nestingDepth('x', 10)).to.equal(0);
    expect(nestingDepth({}, 10)).to.equal(1);
    expect(nestingDepth({ a: [{ b: 1 }] }, 10)).to.equal(3);
  });
});
