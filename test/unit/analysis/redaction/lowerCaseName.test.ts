import { expect } from 'chai';
import { detectLowerCaseNames } from '../../../../src/analysis/redaction/detectors/lowerCaseName.js';
import { found } from './helpers.js';

describe('detectLowerCaseNames', () => {
  const cases: Array<[string, string]> = [
    ['my account manager zelda quintrell never called back', 'zelda quintrell'],
    ['thanks to marco from support', 'marco'],
    ['talked to anna yesterday, she fixed it', 'anna'],
    ['hi sarah, the sync is broken again', 'sarah'],
    ['hablé con lucía ayer', 'lucía'],
    ['merci à camille du support', 'camille'],
    ['danke an jonas vom support', 'jonas'],
    ['falei com joão do suporte', 'joão'],
    // Not a name the lexicon knows: taken only between two cues.
    ['grazie a giulia dal supporto', 'giulia'],
    ['bedankt aan sanne van klantenservice', 'sanne'],
  ];
  for (const [text, expected] of cases) {
    it(`given "${text}", when detecting, then finds "${expected}"`, () => {
      expect(found(text, detectLowerCaseNames(text))).to.deep.equal([expected]);
    });
  }

  it('given first names without a cue, when detecting, then finds nothing', () => {
    expect(detectLowerCaseNames('the maria db export and the anna karenina theme both fail')).to.deep.equal([]);
  });

  it('given cue words before common words, pronouns and teams, when detecting, then finds nothing', () => {
    const text = [
      'my account manager never called back',
      'thanks to the update everything is slow',
      'talked to support twice',
      'someone from support promised a callback',
      'thanks to will power I finished',
      'gracias a todos de soporte',
      'danke an euch vom support',
      'obrigado a equipe do suporte',
      'falei com ela ontem',
      'ho parlato con mia madre',
      'i got a reply from support',
      'ask alexa to reorder',
    ].join('. ');
    expect(found(text, detectLowerCaseNames(text))).to.deep.equal([]);
  });
});
