import { expect } from 'chai';
import { foldText } from '../../../../src/analysis/offline/multilingual/cue-pattern.js';
import { clauseBoundaryPattern, negatedBefore, negatorPattern, type Negation } from '../../../../src/analysis/offline/multilingual/negation.js';

const english: Negation = { negator: negatorPattern(['not', 'never', 'don.t'], false), boundary: clauseBoundaryPattern(['but', 'if', 'i']), unspaced: false };
const chinese: Negation = { negator: negatorPattern(['不', '没'], true), boundary: clauseBoundaryPattern([]), unspaced: true };

/** Whether the first occurrence of `cue` in `text` is negated. */
function negated(negation: Negation, text: string, cue: string, reach?: number): boolean {
  const folded = foldText(text);
  const index = folded.indexOf(cue);
  expect(index, `${cue} in ${folded}`).to.be.at.least(0);
  return negatedBefore(negation, folded, index, reach);
}

describe('negation before a cue (negatedBefore)', () => {
  describe('given a negator within three words before the cue, in its clause', () => {
    it('then the cue is negated', () => {
      expect(negated(english, 'I would never switch to another tool', 'switch')).to.equal(true);
      expect(negated(english, 'We will never ever really switch', 'switch')).to.equal(true);
      expect(negated(english, "I DON'T switch", 'switch')).to.equal(true);
    });
  });

  describe('given a negator four words before the cue', () => {
    it('then the cue is not negated, unless the reach is widened to four words', () => {
      expect(negated(english, 'never in a month switch', 'switch')).to.equal(false);
      expect(negated(english, 'never in a month switch', 'switch', 4)).to.equal(true);
    });
  });

  describe('given clause punctuation or a clause word between the negator and the cue', () => {
    it('then the cue is not negated', () => {
      expect(negated(english, 'Not again, switch now', 'switch')).to.equal(false);
      expect(negated(english, 'Not great but switch', 'switch')).to.equal(false);
      expect(negated(english, "If it's not fixed i switch", 'switch')).to.equal(false);
    });
  });

  describe('given a negator only after the cue, or only as part of a word', () => {
    it('then the cue is not negated', () => {
      expect(negated(english, 'switch, never', 'switch')).to.equal(false);
      expect(negated(english, 'another switch is not planned', 'switch')).to.equal(false);
      expect(negated(english, 'a never-ending outage', 'outage')).to.equal(false);
      expect(negated(english, 'knot outage', 'outage')).to.equal(false);
    });
  });

  describe('given a language written without spaces', () => {
    it('then the reach counts characters', () => {
      expect(negated(chinese, '我不想取消', '取消')).to.equal(true);
      expect(negated(chinese, '我不是很想要取消', '取消')).to.equal(false);
    });
  });

  describe('given a long text before the cues', () => {
    it('then each test reads only the last words before its cue: 50,000 cues in under 5 seconds', () => {
      const folded = foldText('we would never switch, '.repeat(50_000));
      const started = performance.now();
      const cues = [...folded.matchAll(/switch/g)];
      const negatedCues = cues.filter((m) => negatedBefore(english, folded, m.index)).length;
      expect(negatedCues).to.equal(50_000);
      expect(performance.now() - started).to.be.below(5_000);
    });
  });

  describe('given no negators', () => {
    it('then nothing is negated', () => {
      const none: Negation = { negator: negatorPattern([], false), boundary: clauseBoundaryPattern([]), unspaced: false };
      expect(negated(none, 'never switch', 'switch')).to.equal(false);
      expect(negated(none, 'switch', 'switch')).to.equal(false);
    });
  });
});
