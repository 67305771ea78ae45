import { expect } from 'chai';
import { feedbackQueryString, newerQueryString, olderQueryString, readFeedbackPageQuery } from '../../src/app/feedback-query.js';

const read = (query: string) =>
  readFeedbackPageQuery(Object.fromEntries([...new URLSearchParams(query).keys()].map((k) => [k, new URLSearchParams(query).getAll(k)])));

describe('workspace feedback page query', () => {
  it('keeps the filters and the search in its links, the meta pairs repeated, the period as the inputs show it', () => {
    const page = read('q=login&sentiment=negative&meta=plan:pro&meta=plan:free&from=2025-03-01&to=2025-03-31&churnRisk=true');
    expect(page.from).to.equal('2025-03-01T00:00:00.000Z');
    expect(page.to).to.equal('2025-04-01T00:00:00.000Z');
    expect(page.churnRisk).to.equal(true);
    expect(feedbackQueryString(page)).to.equal('q=login&sentiment=negative&churnRisk=true&meta=plan%3Apro&meta=plan%3Afree&from=2025-03-01&to=2025-03-31');
  });

  it('"Older" then "Newer" walks back through the same cursors to the newest page', () => {
    const first = read('type=bug');
    expect(newerQueryString(first)).to.equal(undefined);
    const second = read(olderQueryString(first, '2025-03-10T10:00:00.000Z'));
    expect(second.before).to.equal('2025-03-10T10:00:00.000Z');
    const third = read(olderQueryString(second, '2025-03-05T08:00:00.000Z'));
    expect(third.before).to.equal('2025-03-05T08:00:00.000Z');
    const back = read(newerQueryString(third)!);
    expect(back.before).to.equal('2025-03-10T10:00:00.000Z');
    expect(back.type).to.equal('bug');
    expect(newerQueryString(back)).to.equal('type=bug');
  });

  it('names the parameter of a bad value', () => {
    for (const [query, field] of [
      ['sentiment=angry', 'sentiment'],
      ['to=2025-02-30', 'to'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
      ['trail=nonsense', 'trail'],
      ['q=' + 'x'.repeat(501), 'q'],
    ])
      expect(() => read(query), query).to.throw(`${field}: `);
  });
});
