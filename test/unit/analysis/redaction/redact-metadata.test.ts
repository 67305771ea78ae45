import { expect } from 'chai';
import { redact } from '../../../../src/analysis/redaction/index.js';
import { redactMetadata } from '../../../../src/analysis/redaction/redact-metadata.js';

describe('redactMetadata', () => {
  it('redacts every string value, nested ones included, and leaves keys and other values', () => {
    const metadata = {
      contact: 'mail me at jane.doe@example.com',
      plan: 'pro',
      seats: 3,
      tags: ['ok', 'call +44 20 7946 0958'],
      nested: { owner: 'jane.doe@example.com' },
    };
    expect(redactMetadata(metadata)).to.deep.equal({
      contact: redact('mail me at jane.doe@example.com').text,
      plan: 'pro',
      seats: 3,
      tags: ['ok', redact('call +44 20 7946 0958').text],
      nested: { owner: '[email]' },
    });
  });

  it('gives a repeated value the same redaction every time, short and long values alike', () => {
    const long = `${'The export keeps failing. '.repeat(10)}Write to jane.doe@example.com`;
    for (const value of ['jane.doe@example.com', 'pro', long]) {
      const first = redactMetadata({ value });
      const again = redactMetadata({ value });
      expect(again)
        .to.deep.equal(first)
        .and.deep.equal({ value: redact(value).text });
    }
    expect(redactMetadata({ value: 'jane.doe@example.com' })).to.deep.equal({ value: '[email]' });
  });
});
