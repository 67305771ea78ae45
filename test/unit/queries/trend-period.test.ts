import { expect } from 'chai';
import { bucketStart, bucketStarts, periodProblems, previousPeriod, resolvePeriod } from '../../../queries/trends/period.js';

const NOW = new Date('2025-01-15T09:30:00Z');

describe('trend periods and buckets', () => {
  it('defaults to the 30 days up to now; `to` alone reaches 30 days back', () => {
    expect(resolvePeriod({}, NOW)).to.deep.equal({ from: new Date('2024-12-16T09:30:00Z'), to: NOW });
    expect(resolvePeriod({ to: '2025-01-01T00:00:00Z' }, NOW).from).to.deep.equal(new Date('2024-12-02T00:00:00Z'));
  });

  it('names `to` when it is not after `from`, `from` when the span passes 366 days or lies in the future', () => {
    expect(periodProblems({ from: '2025-01-02T00:00:00Z', to: '2025-01-02T00:00:00Z' }, NOW).map((p) => p.field)).to.deep.equal(['to']);
    expect(periodProblems({ from: '2024-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' }, NOW).map((p) => p.field)).to.deep.equal(['from']);
    expect(periodProblems({ from: '2024-01-02T00:00:00Z', to: '2025-01-02T00:00:00Z' }, NOW)).to.deep.equal([]);
    expect(periodProblems({ from: '2025-02-01T00:00:00Z' }, NOW).map((p) => p.field)).to.deep.equal(['from']);
  });

  it('the previous period has the same length and ends where the period starts', () => {
    const period = { from: new Date('2025-01-08T00:00:00Z'), to: new Date('2025-01-15T00:00:00Z') };
    expect(previousPeriod(period)).to.deep.equal({ from: new Date('2025-01-01T00:00:00Z'), to: period.from });
  });

  it('weeks start on Monday 00:00 UTC; days at UTC midnight', () => {
    expect(bucketStart(new Date('2025-01-15T09:30:00+05:00'), 'day').toISOString()).to.equal('2025-01-15T00:00:00.000Z');
    expect(bucketStart(new Date('2025-01-19T23:59:59Z'), 'week').toISOString()).to.equal('2025-01-13T00:00:00.000Z'); // a Sunday
    expect(bucketStart(new Date('2025-01-13T00:00:00Z'), 'week').toISOString()).to.equal('2025-01-13T00:00:00.000Z');
  });

  it('lists every bucket overlapping the period, partial ones at either end included', () => {
    const period = { from: new Date('2025-01-10T12:00:00Z'), to: new Date('2025-01-13T06:00:00Z') };
    expect(bucketStarts(period, 'day').map((d) => d.toISOString().slice(0, 10))).to.deep.equal(['2025-01-10', '2025-01-11', '2025-01-12', '2025-01-13']);
    expect(bucketStarts(period, 'week').map((d) => d.toISOString().slice(0, 10))).to.deep.equal(['2025-01-06', '2025-01-13']);
    expect(bucketStarts({ from: new Date('2025-01-10T00:00:00Z'), to: new Date('2025-01-12T00:00:00Z') }, 'day')).to.have.length(2);
  });
});
