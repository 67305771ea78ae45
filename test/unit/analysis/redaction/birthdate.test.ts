import { expect } from 'chai';
import { detectBirthdates } from '../../../../src/analysis/redaction/detectors/birthdate.js';
import { found } from './helpers.js';

describe('detectBirthdates', () => {
  const planted: Array<[string, string]> = [
    ['I was born on 14 March 1987 and the age check fails.', '14 March 1987'],
    ['DOB: 1990-11-02, why do you need it?', '1990-11-02'],
    ['Date of birth 07/21/1969 on the card', '07/21/1969'],
    ['born March 14, 1987 in Ohio', 'March 14, 1987'],
    ['Geboren am 1. Mai 1970, Kundennummer 4412.', '1. Mai 1970'],
    ['Ich bin am 29.02.1996 geboren, das Datum gibt es.', '29.02.1996'],
    ['Je suis née le 5 avril 1992.', '5 avril 1992'],
    ['Fecha de nacimiento: 23/11/1988.', '23/11/1988'],
    ['nací el 8 de julio de 1994 y la app dice que soy menor', '8 de julio de 1994'],
    ['Data di nascita 02/02/1975 non valida', '02/02/1975'],
    ['Mijn geboortedatum is 17-06-1983.', '17-06-1983'],
    ['Data urodzenia: 03.04.1991', '03.04.1991'],
    ['Дата рождения 11.11.1977 указана неверно.', '11.11.1977'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${text}", when detecting, then finds "${expected}" as [birthdate]`, () => {
      const spans = detectBirthdates(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('birthdate');
    });
  }
  const lookAlikes = [
    'Released on 12 March 2024, build of 2024-03-14.',
    'Our company was founded on 4 June 2001; the plan starts 01/01/2025.',
    'Rechnung vom 03.11.2024 und Lieferung am 12.12.2024.',
    'The birthday reminder feature shipped 12.08.2024.',
    'born on a hackathon in 2014, version 1.2.1990',
    'date of birth 45/45/1990 is what the form shows',
  ];
  for (const text of lookAlikes) {
    it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectBirthdates(text))).to.deep.equal([]);
    });
  }
});
