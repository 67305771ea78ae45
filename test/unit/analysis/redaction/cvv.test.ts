import { expect } from 'chai';
import { detectCvvs } from '../../../../src/analysis/redaction/detectors/cvv.js';
import { found } from './helpers.js';

describe('detectCvvs', () => {
  const planted: Array<[string, string]> = [
    ['CVV 123 and expiry 09/27', '123'],
    ['The security code 847 on the back is worn off.', '847'],
    ['Me pide el CVC 4721 de mi Amex', '4721'],
    ['Kartenprüfnummer: 318, trotzdem Fehler', '318'],
    ['cryptogramme visuel 714, paiement refusé', '714'],
    ['my CVV is 552', '552'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${text}", when detecting, then finds "${expected}" as [card]`, () => {
      const spans = detectCvvs(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('card');
    });
  }
  const lookAlikes = [
    'Where is the CVV field? Error code 123 appears.',
    'CVV field missing on mobile; code 403 error since 2.3.',
    'Security update 2.3 broke the CVV 12.50 fee display.',
    'security code 12345 was sent by SMS',
  ];
  for (const text of lookAlikes) {
    it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectCvvs(text))).to.deep.equal([]);
    });
  }
});
