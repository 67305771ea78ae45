import { expect } from 'chai';
import { cueAlternatives, cuePattern, foldText, writtenWithoutSpaces } from '../../../../src/analysis/offline/multilingual/cue-pattern.js';

/** The matched texts of `entries` in the folded `text`. */
function found(entries: string[], text: string, unspaced = false): string[] {
  return [...foldText(text).matchAll(cuePattern(entries, { unspaced }))].map((m) => m[0]);
}

describe('cue entries as a pattern (cuePattern)', () => {
  describe('given an entry without `_`', () => {
    it('then it matches at the start of a word only, and the word may go on', () => {
      expect(found(['cancel'], 'We cancelled; precancel; 2cancel')).to.deep.equal(['cancel']);
    });
  });

  describe('given `_` at the end of an entry', () => {
    it('then the word ends there: no letter or digit follows', () => {
      expect(found(['va_'], 'no va, no vale, va2, va.')).to.deep.equal(['va', 'va']);
    });
  });

  describe('given `_` at the end of an alternative inside an entry', () => {
    it('then that word ends there too', () => {
      expect(found(['no (va_|sirve)'], 'no vale, no va bien, no sirven')).to.deep.equal(['no va', 'no sirve']);
      expect(found(['(down_)'], 'downtime, down!')).to.deep.equal(['down']);
    });
  });

  describe('given `_` elsewhere in an entry', () => {
    it('then it is a plain underscore', () => {
      expect(found(['snake_case'], 'snake case, snake_case')).to.deep.equal(['snake_case']);
    });
  });

  describe('given `\\w` in an entry', () => {
    it('then it stands for a letter or digit of any script', () => {
      expect(found(['wait (\\w+ )?days'], 'wait 3 days, wait øre days, wait - days')).to.deep.equal(['wait 3 days', 'wait øre days']);
    });
  });

  describe('given entries and a text with capitals and accents', () => {
    it('then both are folded before they are compared', () => {
      expect(found(['Não funciona'], 'NAO FUNCIONA')).to.deep.equal(['nao funciona']);
    });
  });

  describe('given a language written without spaces', () => {
    it('then entries match anywhere', () => {
      expect(writtenWithoutSpaces('ja')).to.equal(true);
      expect(writtenWithoutSpaces('de')).to.equal(false);
      expect(found(['解約'], '今月で解約します', true)).to.deep.equal(['解約']);
      expect(found(['解約'], '今月で解約します')).to.deep.equal([]);
    });
  });

  describe('given no entries', () => {
    it('then the pattern, and the group of alternatives, match nothing', () => {
      expect(found([], 'any text at all')).to.deep.equal([]);
      expect(new RegExp(cueAlternatives([]), 'u').test('any text')).to.equal(false);
    });
  });

  describe('given what must follow and flags', () => {
    it('then a match needs the continuation, and the flags are kept', () => {
      const pattern = cuePattern(['if'], { followedBy: '(?= it)', flags: 'u' });
      expect(pattern.flags).to.equal('u');
      expect(pattern.test('if it breaks')).to.equal(true);
      expect(pattern.test('if we break')).to.equal(false);
    });
  });
});
