import { expect } from 'chai';
import { detectSpelledPhones } from '../../../../src/analysis/redaction/detectors/spelledPhone.js';
import { found } from './helpers.js';

describe('detectSpelledPhones', () => {
  const planted: Array<[string, string]> = [
    ['Call me: five five five, one two three four, any time.', 'five five five, one two three four'],
    ['reach me at nine one seven, two oh two, four four eight one.', 'nine one seven, two oh two, four four eight one'],
    ['my number is zero seven seven double nine one two three four five six', 'zero seven seven double nine one two three four five six'],
    ['Rufen Sie an: null eins fünf eins, zwei drei vier fünf sechs sieben', 'null eins fünf eins, zwei drei vier fünf sechs sieben'],
    ['mi número es seis cero dos, ocho uno cuatro, tres tres siete', 'seis cero dos, ocho uno cuatro, tres tres siete'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${expected}", when detecting, then finds it as [phone]`, () => {
      const spans = detectSpelledPhones(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('phone');
    });
  }
  const lookAlikes = [
    'I tried five or six times, and the one two three steps did nothing.',
    'one two three, testing the voice input, five stars overall.',
    'one one one one one one one one one one one one one one one one one one',
    'uno due tre, quattro cinque: the Italian tutorial counts to five.',
  ];
  for (const text of lookAlikes) {
    it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectSpelledPhones(text))).to.deep.equal([]);
    });
  }
});
