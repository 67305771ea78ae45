import { expect } from 'chai';
import { queryEncodingProblems } from '../../src/http/query-encoding.js';

describe('query encoding problems', () => {
  it('finds none in a well-encoded query, plus signs and empty parts included', () => {
    expect(queryEncodingProblems('q=caf%C3%A9+au+lait&trait=plan%3Apro&&flag&limit=')).to.deep.equal([]);
  });

  it('names each parameter whose value is a lone surrogate, a cut sequence or a stray continuation byte', () => {
    expect(queryEncodingProblems('trait=plan:pr%ED%A0%80o&q=x%E0%A4&limit=5&label=%80')).to.deep.equal([
      { field: 'trait', message: 'must be valid percent-encoded UTF-8' },
      { field: 'q', message: 'must be valid percent-encoded UTF-8' },
      { field: 'label', message: 'must be valid percent-encoded UTF-8' },
    ]);
  });

  it('names a repeated parameter once', () => {
    expect(queryEncodingProblems('trait=%FF&trait=%FE')).to.have.length(1);
  });

  it('names the query when a parameter name itself is malformed', () => {
    expect(queryEncodingProblems('li%FFmit=5')).to.deep.equal([{ field: 'query', message: 'has a parameter name that is not valid percent-encoded UTF-8' }]);
  });

  it('names at most 20 parameters, each name shortened as body field names are', () => {
    const problems = queryEncodingProblems(Array.from({ length: 500 }, (_, i) => `${'p'.repeat(300)}${i}=%FF`).join('&'));
    expect(problems).to.have.length(20);
    for (const problem of problems) expect(problem.field.length).to.be.at.most(101);
  });
});
