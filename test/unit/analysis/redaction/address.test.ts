import { expect } from 'chai';
import { detectAddresses } from '../../../../src/analysis/redaction/detectors/address.js';
import { found } from './helpers.js';

describe('detectAddresses', () => {
  const cases: Array<[string, string]> = [
    ['I live at 221B Baker Street.', '221B Baker Street'],
    ['Ship to 1600 Amphitheatre Parkway, Mountain View, CA 94043 please', '1600 Amphitheatre Parkway, Mountain View, CA 94043'],
    ['Adresse: Hauptstraße 5, 10115 Berlin.', 'Hauptstraße 5, 10115 Berlin'],
    ['Livré au 12 rue de la Paix, 75002 Paris hier', '12 rue de la Paix, 75002 Paris'],
    ['Mi dirección es Calle Mayor 10, 28013 Madrid.', 'Calle Mayor 10, 28013 Madrid'],
  ];
  for (const [text, expected] of cases) {
    it(`given "${expected}", when detecting, then finds the whole address`, () => {
      expect(found(text, detectAddresses(text))).to.deep.equal([expected]);
    });
  }
  it('given numbers before ordinary words, when detecting, then finds nothing', () => {
    expect(detectAddresses('I waited 3 Days and 2 Weeks. Version 2 Way better. On Baker Street.')).to.deep.equal([]);
  });
  it('given a US address with a quadrant after the street type, when detecting, then the quadrant, city, state and ZIP go with it', () => {
    const text = 'Please ship to 1600 Pennsylvania Avenue NW, Washington, DC 20500 instead.';
    expect(found(text, detectAddresses(text))).to.deep.equal(['1600 Pennsylvania Avenue NW, Washington, DC 20500']);
    const withUnit = 'Ship to 90 Harbor Drive N, Apt 4, Miami, FL 33101.';
    expect(found(withUnit, detectAddresses(withUnit))).to.deep.equal(['90 Harbor Drive N, Apt 4, Miami, FL 33101']);
  });
});
