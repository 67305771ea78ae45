import { expect } from 'chai';
import { instantOf, parseDateTime } from '../../../src/http/date-time.js';

describe('RFC 3339 date-times, read strictly', () => {
  const problem = (value: string) => {
    const parsed = parseDateTime(value);
    return parsed.ok ? 'ok' : parsed.problem;
  };

  it('accepts Z, offsets, lower-case separators and any number of fraction digits', () => {
    for (const value of ['2025-01-15T09:30:00Z', '2025-01-15t09:30:00z', '2025-01-15T10:30:00+01:00', '2025-01-15T00:00:00.00000000000000000000000191Z']) {
      expect(problem(value), value).to.equal('ok');
    }
  });

  it('refuses dates that do not exist, and 24:00 and leap seconds', () => {
    for (const value of [
      '2024-02-30T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2025-04-31T00:00:00Z',
      '2025-00-10T00:00:00Z',
      '2025-01-15T24:00:00Z',
      '2016-12-31T23:59:60Z',
      '2025-01-15T10:00:00+23:60',
    ]) {
      expect(problem(value), value).to.equal('calendar');
    }
    expect(problem('2024-02-29T00:00:00Z')).to.equal('ok');
    expect(problem('2000-02-29T00:00:00Z')).to.equal('ok');
    expect(problem('1900-02-29T00:00:00Z')).to.equal('calendar');
  });

  it('refuses instants outside the years 0001–9999 in UTC, offsets included', () => {
    expect(problem('0000-01-01T00:00:00Z')).to.equal('range');
    expect(problem('0001-01-01T00:00:00+00:01')).to.equal('range');
    expect(problem('0001-01-01T00:00:00Z')).to.equal('ok');
    expect(problem('9999-12-31T23:59:59Z')).to.equal('ok');
    expect(problem('9999-12-31T23:59:59-00:01')).to.equal('range');
  });

  it('refuses what is not the format: dates alone, spaces, missing zone, five-digit years', () => {
    for (const value of ['2025-01-15', '2025-01-15 09:30:00Z', '2025-01-15T09:30:00', '12025-01-15T09:30:00Z', '2025-1-15T09:30:00Z', '']) {
      expect(problem(value), value).to.equal('format');
    }
  });

  it('gives the UTC instant to the millisecond, years below 100 included', () => {
    expect(instantOf('2024-02-29T23:30:00.1239-01:00')).to.equal('2024-03-01T00:30:00.123Z');
    expect(instantOf('0050-06-01T00:00:00Z')).to.equal('0050-06-01T00:00:00.000Z');
  });
});
