import { expect } from 'chai';
import { detectSpelledEmails } from '../../../../src/analysis/redaction/detectors/spelledEmail.js';
import { found } from './helpers.js';

describe('detectSpelledEmails', () => {
  const cases: Array<[string, string]> = [
    ['Please write to zelda dot quintrell at example dot org about the refund.', 'zelda dot quintrell at example dot org'],
    ['my email is john (at) example (dot) com', 'john (at) example (dot) com'],
    ['send it to mike [at] brightlane [dot] co [dot] uk please', 'mike [at] brightlane [dot] co [dot] uk'],
    ['Contact me at sarah.k at gmail.com today', 'sarah.k at gmail.com'],
    ['CONTACT: ROB DOT LANE AT OUTLOOK DOT COM', 'ROB DOT LANE AT OUTLOOK DOT COM'],
    ['Mi correo es maria arroba gmail punto com, gracias', 'maria arroba gmail punto com'],
    ['Mon adresse : jean point dupont arobase orange point fr.', 'jean point dupont arobase orange point fr'],
    ['Bitte an max punkt mustermann at web punkt de antworten', 'max punkt mustermann at web punkt de'],
    ['Meine Mail: k.schulz(at)stadtwerke-nord(punkt)de', 'k.schulz(at)stadtwerke-nord(punkt)de'],
    ['Scrivetemi a mario chiocciola libero punto it', 'mario chiocciola libero punto it'],
    ['Meu email: joao arroba gmail ponto com.', 'joao arroba gmail ponto com'],
    ['Mijn mail is jan punt jansen at ziggo punt nl', 'jan punt jansen at ziggo punt nl'],
    ['write to contact me at john dot smith at gmail dot com', 'john dot smith at gmail dot com'],
  ];
  for (const [text, expected] of cases) {
    it(`given "${expected}", when detecting, then finds the whole address`, () => {
      expect(found(text, detectSpelledEmails(text))).to.deep.equal([expected]);
    });
  }

  it('given ordinary addresses, when detecting, then leaves them to detectEmails', () => {
    expect(detectSpelledEmails('jane.doe@example.com and ops-team@globex.co.uk')).to.deep.equal([]);
  });

  it('given "at" and "dot" as everyday words, when detecting, then finds nothing', () => {
    const text = [
      'Look at the dot matrix printer.',
      'Let us meet at 5.',
      'The docs at docs.example.com are outdated.',
      'I looked at example dot com yesterday.',
      'Find us at acme dot com.',
      "we're at acme dot com now",
      'At some point in March it broke.',
      'the dot com bubble',
      'Je suis client chez Orange, point de vue prix.',
    ].join(' ');
    expect(detectSpelledEmails(text)).to.deep.equal([]);
  });
});
