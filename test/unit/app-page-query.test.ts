import { expect } from 'chai';
import { pageQueryString, readPageQuery } from '../../src/app/page-query.js';

const NOW = new Date('2025-01-15T09:30:00Z');

describe('workspace period and filters (the query string of a page)', () => {
  it('presets end now; 30 days by default', () => {
    expect(readPageQuery({}, NOW)).to.deep.include({ days: 30, period: { from: new Date('2024-12-16T09:30:00Z'), to: NOW } });
    expect(readPageQuery({ days: '7' }, NOW).period.from).to.deep.equal(new Date('2025-01-08T09:30:00Z'));
  });

  it('a custom range runs from the start of `from` to the end of `to` (UTC days)', () => {
    const page = readPageQuery({ days: 'custom', from: '2025-01-01', to: '2025-01-10' }, NOW);
    expect(page.period).to.deep.equal({ from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-01-11T00:00:00Z') });
    expect(pageQueryString(page)).to.equal('days=custom&from=2025-01-01&to=2025-01-10');
  });

  it('refuses bad values naming them', () => {
    const field = (query: Record<string, string>) => {
      try {
        readPageQuery(query, NOW);
        return 'accepted';
      } catch (error: any) {
        return error.extensions.errors[0].field;
      }
    };
    expect(field({ days: '14' })).to.equal('days');
    expect(field({ days: 'custom', from: '2025-02-30' })).to.equal('from');
    expect(field({ days: 'custom', from: '2025-13-01' })).to.equal('from');
    expect(field({ days: 'custom', from: '2025-01-01', to: '2025-00-10' })).to.equal('to');
    expect(field({ days: 'custom', from: '2025-01-10', to: '2025-01-01' })).to.equal('to');
    expect(field({ days: 'custom', from: '2023-01-01', to: '2025-01-01' })).to.equal('from');
    expect(field({ bucket: 'month' })).to.equal('bucket');
    expect(field({ source: 'fax' })).to.equal('source');
    expect(field({ type: 'rant' })).to.equal('type');
    expect(field({ language: 'english' })).to.equal('language');
    expect(field({ source: 'api', type: 'bug', language: 'DE' })).to.equal('accepted');
    expect(field({ trait: 'plan' })).to.equal('trait');
    expect(field({ trait: ':enterprise' })).to.equal('trait');
    expect(field({ trait: ' :x' })).to.equal('trait');
    expect(field({ trait: `${'é'.repeat(257)}:x` })).to.equal('trait');
    expect(field({ trait: `plan:${'x'.repeat(8 * 1024 + 1)}` })).to.equal('trait');
    expect(field({ trait: `${'é'.repeat(256)}:${'x'.repeat(8 * 1024)}` })).to.equal('accepted');
  });

  it('a segment keeps the colons of its value and travels in the links', () => {
    const page = readPageQuery({ trait: 'team:a:b' }, NOW);
    expect(page.filters.trait).to.equal('team:a:b');
    expect(pageQueryString(page)).to.equal('days=30&trait=team%3Aa%3Ab');
  });
});
