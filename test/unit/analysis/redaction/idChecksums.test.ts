import { expect } from 'chai';
import {
  passesBsnElevenTest,
  passesCodiceFiscale,
  passesDniLetter,
  passesNirKey,
  passesPesel,
  passesSteuerId,
} from '../../../../src/analysis/redaction/idChecksums.js';

describe('national id checksums', () => {
  it('given published example numbers, when checking, then each passes', () => {
    expect(passesBsnElevenTest('111222333')).to.equal(true);
    expect(passesPesel('44051401359')).to.equal(true);
    expect(passesSteuerId('86095742719')).to.equal(true);
    expect(passesNirKey('255081416802538')).to.equal(true);
    expect(passesNirKey('290012A00412385')).to.equal(true);
    expect(passesDniLetter('12345678', 'Z')).to.equal(true);
    expect(passesDniLetter('X4812937', 'A')).to.equal(true);
    expect(passesCodiceFiscale('RSSMRA85T10A562S')).to.equal(true);
  });
  it('given the same numbers with one digit or letter changed, when checking, then each fails', () => {
    expect(passesBsnElevenTest('111222334')).to.equal(false);
    expect(passesPesel('44051401358')).to.equal(false);
    expect(passesSteuerId('86095742718')).to.equal(false);
    expect(passesNirKey('255081416802539')).to.equal(false);
    expect(passesDniLetter('12345678', 'A')).to.equal(false);
    expect(passesCodiceFiscale('RSSMRA85T10A562T')).to.equal(false);
  });
  it('given a PESEL with a right check digit but no such birth date, when checking, then it fails', () => {
    // Month 13 does not exist in any century; the check digit is computed for it.
    expect(passesPesel('90131401234')).to.equal(false);
  });
  it('given a Steuer-IdNr whose first ten digits are all different, when checking, then it fails', () => {
    expect(passesSteuerId('86472910354')).to.equal(false);
  });
});
