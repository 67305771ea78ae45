import { expect } from 'chai';
import { detectBsns } from '../../../../src/analysis/redaction/detectors/bsn.js';
import { detectCodiciFiscali } from '../../../../src/analysis/redaction/detectors/codiceFiscale.js';
import { detectDniNies } from '../../../../src/analysis/redaction/detectors/dniNie.js';
import { detectInseeNumbers } from '../../../../src/analysis/redaction/detectors/insee.js';
import { detectPassports } from '../../../../src/analysis/redaction/detectors/passport.js';
import { detectPesels } from '../../../../src/analysis/redaction/detectors/pesel.js';
import { detectSsns } from '../../../../src/analysis/redaction/detectors/ssn.js';
import { detectSteuerIds } from '../../../../src/analysis/redaction/detectors/steuerId.js';
import { detectUkNinos } from '../../../../src/analysis/redaction/detectors/ukNino.js';
import type { Span } from '../../../../src/analysis/redaction/span.js';
import { found } from './helpers.js';

type Detector = (text: string) => Span[];

// Each detector: texts holding one number it must find, and look-alikes it must leave alone.
const suites: Array<{ name: string; detect: Detector; planted: Array<[string, string]>; lookAlikes: string[] }> = [
  {
    name: 'detectSsns',
    detect: detectSsns,
    planted: [
      ['My SSN is 123-45-6789, please hide it.', '123-45-6789'],
      ['social security number 401 93 1275 on the W-9', '401 93 1275'],
      ['SSN: 287654321 for payroll', '287654321'],
    ],
    lookAlikes: [
      'Part no. 300-12-4455 is out of stock.',
      'SSN 000-12-3456 and SSN 666-12-3456 were never issued, nor SSN 900-12-3456.',
      'Order 123456789 shipped; call 555-12-3456 later.',
    ],
  },
  {
    name: 'detectUkNinos',
    detect: detectUkNinos,
    planted: [
      ['HMRC wrote that my number JK 84 61 29 B is wrong', 'JK 84 61 29 B'],
      ['NI no. PR447812A on the P60', 'PR447812A'],
      ['my national insurance number is AB123456, no letter', 'AB123456'],
    ],
    lookAlikes: ['Plan code AB123456 renews monthly.', 'GB123456A and QQ123456C are not issued.', 'Ticket TN 12 34 56 A'],
  },
  {
    name: 'detectBsns',
    detect: detectBsns,
    planted: [
      ['Mijn BSN is 111222333, graag verwijderen.', '111222333'],
      ['burgerservicenummer 618 539 025 staat op de factuur', '618 539 025'],
    ],
    lookAlikes: ['Bestelnummer 111222333 is verzonden.', 'Mijn BSN is 111222334 volgens het formulier.'],
  },
  {
    name: 'detectPesels',
    detect: detectPesels,
    planted: [['Mój PESEL to 44051401359, proszę usunąć.', '44051401359']],
    lookAlikes: ['Numer zamówienia 44051401359 został wysłany.', 'PESEL 44051401358 jest błędny.'],
  },
  {
    name: 'detectSteuerIds',
    detect: detectSteuerIds,
    planted: [
      ['Meine Steuer-ID 86095742719 steht im Profil.', '86095742719'],
      ['Steueridentifikationsnummer: 25 310 789 426', '25 310 789 426'],
    ],
    lookAlikes: ['Rechnungsnummer 86095742719 ist doppelt.', 'Steuer-ID 86095742718 wurde abgelehnt.'],
  },
  {
    name: 'detectInseeNumbers',
    detect: detectInseeNumbers,
    planted: [
      ['Mon numéro de sécu 2 55 08 14 168 025 38 apparaît en clair', '2 55 08 14 168 025 38'],
      ['NIR 255081416802538 refusé', '255081416802538'],
      ['Corse : 2 90 01 2A 004 123 85', '2 90 01 2A 004 123 85'],
    ],
    lookAlikes: ['Numéro de suivi 255081416802539 et commande 3000458812.', 'Tracking 123456789012345'],
  },
  {
    name: 'detectDniNies',
    detect: detectDniNies,
    planted: [
      ['Mi DNI es 12345678Z y no funciona', '12345678Z'],
      ['DNI: 71093846-H', '71093846-H'],
      ['NIE X4812937A', 'X4812937A'],
    ],
    lookAlikes: ['Pedido 12345678A, albarán 71093846-K.', 'Referencia X4812937B'],
  },
  {
    name: 'detectCodiciFiscali',
    detect: detectCodiciFiscali,
    planted: [['Il mio codice fiscale è RSSMRA85T10A562S.', 'RSSMRA85T10A562S']],
    lookAlikes: ['Codice articolo RSSMRA85T10A562T', 'SKU ABCDEFGHIJKLMNOP'],
  },
  {
    name: 'detectPassports',
    detect: detectPassports,
    planted: [
      ['passport number 532184769 is rejected', '532184769'],
      ['Meine Reisepassnummer C01X00T47 wird abgelehnt', 'C01X00T47'],
      ['numéro de passeport : 18AV42187', '18AV42187'],
      ['номер паспорта 4509123456', '4509123456'],
    ],
    lookAlikes: ['The passport photo upload fails over 5 MB.', 'Order 532184769 has no passport field.', 'Passport renewal reminder on 2024-10-01.'],
  },
];

for (const { name, detect, planted, lookAlikes } of suites) {
  describe(name, () => {
    for (const [text, expected] of planted) {
      it(`given "${expected}" in "${text}", when detecting, then finds it as [idnumber]`, () => {
        const spans = detect(text);
        expect(found(text, spans)).to.deep.equal([expected]);
        expect(spans.every((s) => s.type === 'idnumber')).to.equal(true);
      });
    }
    for (const text of lookAlikes) {
      it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
        expect(found(text, detect(text))).to.deep.equal([]);
      });
    }
  });
}
