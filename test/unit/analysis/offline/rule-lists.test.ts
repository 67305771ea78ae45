import { expect } from 'chai';
import { ruleLists, wordsPattern } from '../../../../src/analysis/offline/rules/rule-lists.js';

describe('rule lists (the English rules’ word lists as data)', () => {
  it('joins each slot into one group, in the order written, and fills in the slots a phrase names', () => {
    const { removal } = ruleLists({
      removal: { about: 'test', thing: ['button', 'tab'], phrases: ['bring (it|them) back', '{thing}s? (is|are) gone'] },
    });
    expect(removal.thing).to.equal('(button|tab)');
    expect(removal.phrases).to.equal('(bring (it|them) back|(button|tab)s? (is|are) gone)');
    const pattern = wordsPattern(removal.phrases, 'i');
    expect(pattern.test('The export buttons are gone')).to.equal(true);
    expect(pattern.test('the tablet is gone'), 'whole words only').to.equal(false);
  });

  it('leaves repetition counts alone: {0,30} names no slot', () => {
    const { within } = ruleLists({ within: { about: 'test', phrases: ['have to [^.!?]{0,30}again'] } });
    expect(within.phrases).to.equal('(have to [^.!?]{0,30}again)');
  });

  it('refuses an empty slot, which would match everywhere', () => {
    expect(() => ruleLists({ empty: { about: 'test', phrases: [] } })).to.throw(/empty\.phrases is empty/);
  });

  it('refuses an alternative that is no pattern on its own, so that it cannot swallow the next one', () => {
    expect(() => ruleLists({ broken: { about: 'test', phrases: ['crash(es', 'freezes)'] } })).to.throw(/"crash\(es" is no pattern on its own/);
  });

  it('refuses a phrase that names a slot the list lacks, or itself', () => {
    expect(() => ruleLists({ named: { about: 'test', phrases: ['{noun} is gone'] } })).to.throw(/named\.noun: no such slot/);
    expect(() => ruleLists({ loop: { about: 'test', phrases: ['{phrases} again'] } })).to.throw(/loop\.phrases: names itself/);
  });
});
