import { expect } from 'chai';
import { detectIbans } from '../../../../src/analysis/redaction/detectors/iban.js';
import { found } from './helpers.js';

describe('detectIbans', () => {
  it('given IBANs grouped and compact, when detecting, then finds each at its registered length', () => {
    const text = 'Pay DE89 3704 0044 0532 0130 00 please, or GB29NWBK60161331926819.';
    expect(found(text, detectIbans(text))).to.deep.equal(['DE89 3704 0044 0532 0130 00', 'GB29NWBK60161331926819']);
  });
  it('given a wrong check digit or an unknown country, when detecting, then finds nothing', () => {
    expect(detectIbans('DE88 3704 0044 0532 0130 00 and ZZ12 3456 7890 1234')).to.deep.equal([]);
  });
});
