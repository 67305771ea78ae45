import { expect } from 'chai';
import { unstorableValueProblems, nestingDepth } from '../../../src/http/well-formed.js';

describe('strings and numbers storage cannot hold, found anywhere in a value', () => {
  it('names NUL and unpaired surrogates in values and keys by their path', () => {
    const problems = unstorableValueProblems({ text: 'a\u0000', list: ['ok', '\ud83d'], nested: { 'k\udc00': 1 } });
    expect(problems.map((p) => p.field)).to.have.members(['text', 'list.1', 'nested.k\uFFFD']);
  });

  it('names numbers beyond a double (JSON 1e309 parses as Infinity) by their path, in values of any schema', () => {
    const value = JSON.parse('{"metadata":{"score":1e309,"low":-1e309,"ok":1.5e308,"tiny":1e-400},"traits":{"revenue":[1,2e400]}}');
    const problems = unstorableValueProblems(value);
    expect(problems.map((p) => p.field)).to.have.members(['metadata.score', 'metadata.low', 'traits.revenue.1']);
    expect(problems[0].message).to.match(/finite number/);
  });

  it('accepts well-formed text, emoji and other control characters', () => {
    expect(unstorableValueProblems({ text: 'Läuft 😀 \t\n', n: 5, b: true, x: null })).to.deep.equal([]);
  });

  it('reports at most 20 problems and walks 100,000 levels without overflowing the stack', () => {
    expect(unstorableValueProblems(Array.from({ length: 1000 }, () => '\u0000'))).to.have.length(20);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableValueProblems(deep)).to.have.length(1);
    expect(nestingDepth(deep, 10)).to.equal(11);
  });

  it('counts nesting levels of objects and arrays', () => {
    expect(nestingDepth('x', 10)).to.equal(0);
    expect(nestingDepth({}, 10)).to.equal(1);
    expect(nestingDepth({ a: [{ b: 1 }] }, 10)).to.equal(3);
  });
});
