import { expect } from 'chai';
import { detectPhones } from '../../../../src/analysis/redaction/detectors/phone.js';
import { found } from './helpers.js';

describe('detectPhones', () => {
  it('given international, US, UK, German and French forms, when detecting, then finds each number', () => {
    const text = 'Try +44 20 7946 0958, (415) 555-0132, 415.555.0132, 0044 20 7946 0958, 030 12345678 or 01 42 68 53 00.';
    expect(found(text, detectPhones(text))).to.deep.equal([
      '+44 20 7946 0958',
      '(415) 555-0132',
      '415.555.0132',
      '0044 20 7946 0958',
      '030 12345678',
      '01 42 68 53 00',
    ]);
  });
  it('given Japanese, Spanish, Italian, Portuguese, Dutch and dotted French national forms, when detecting, then finds each number', () => {
    const text =
      '090-1234-5678, 03-1234-5678, +81-3-1234-5678, 0120-123-456; pedido roto, 612 345 678; cellulare 347 123 4567; Liga-me para o 912 345 678; bel me op 06-12345678; appelez le 06.12.34.56.78.';
    expect(found(text, detectPhones(text))).to.deep.equal([
      '090-1234-5678',
      '03-1234-5678',
      '+81-3-1234-5678',
      '0120-123-456',
      '612 345 678',
      '347 123 4567',
      '912 345 678',
      '06-12345678',
      '06.12.34.56.78',
    ]);
  });
  it('given a cue word and an extension, when detecting, then takes the local number with its extension', () => {
    const text = 'call me at 555 0100 ext 12 tomorrow';
    expect(found(text, detectPhones(text))).to.deep.equal(['555 0100 ext 12']);
  });
  it('given bare numbers, dates and year ranges, when detecting, then finds nothing', () => {
    expect(detectPhones('order 12345678, invoice 4155550132, on 2024-03-15, 15.03.2024, 2019-2023, ORD-2024-00123')).to.deep.equal([]);
  });
  it('given "order number" before digits, when detecting, then does not read it as a phone cue', () => {
    expect(detectPhones('my order number 2024 5512 3341 is wrong')).to.deep.equal([]);
  });
  it('given a build or version number with a dot, when detecting, then does not read it as a phone', () => {
    expect(detectPhones('Release 3.14.15, build 20240314.92, version 4155550132.1')).to.deep.equal([]);
  });
});
