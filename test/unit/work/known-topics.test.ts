import { expect } from 'chai';
import { KNOWN_TOPICS_LIMIT, rankKnownTopics } from '../../../src/work/known-topics.js';

describe('rankKnownTopics: the topics an analysis is told about', () => {
  it('given items with topics, then the distinct topics come most frequent first, ties by name, items without one ignored', () => {
    expect(rankKnownTopics(['Sign in', null, 'Dark mode', 'Sign in', undefined, 'Billing', '', 'Dark mode', 'Sign in'])).to.deep.equal([
      'Sign in',
      'Dark mode',
      'Billing',
    ]);
    expect(rankKnownTopics(['Refunds', 'CSV export', 'Dark mode'])).to.deep.equal(['CSV export', 'Dark mode', 'Refunds']);
  });

  it('given no topic at all, then none', () => {
    expect(rankKnownTopics([])).to.deep.equal([]);
    expect(rankKnownTopics([null, null])).to.deep.equal([]);
  });

  it(`given more distinct topics than the limit, then the ${KNOWN_TOPICS_LIMIT} most frequent`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `Topic ${String(i).padStart(2, '0')}`);
    const ranked = rankKnownTopics([...many, 'Topic 39', 'Topic 38']);
    expect(ranked).to.have.length(KNOWN_TOPICS_LIMIT);
    expect(ranked.slice(0, 3)).to.deep.equal(['Topic 38', 'Topic 39', 'Topic 00']);
  });
});
