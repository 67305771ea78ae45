import { expect } from 'chai';
import { detectHardCase } from '../../../../src/analysis/offline/rules/hard-cases.js';

describe('hard-case rules (contrast, removal, sarcasm, complaint questions, negated problems)', () => {
  it('reads the clause after "but" as the point of a contrast', () => {
    expect(detectHardCase('great app but the ads are too intrusive')).to.deep.equal({ kind: 'contrast', sentiment: 'negative', type: 'complaint' });
    expect(detectHardCase('Pretty UI, but it crashes when I rotate the phone')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(detectHardCase('Setup was painful at first but now it is wonderful')).to.include({ sentiment: 'positive', type: 'praise' });
  });

  it('reads removals as complaints', () => {
    expect(detectHardCase('why did you remove bulk edit?? bring it back')).to.deep.equal({ kind: 'removal', sentiment: 'negative', type: 'complaint' });
    expect(detectHardCase('the calendar widget is gone since 4.2')).to.include({ kind: 'removal' });
  });

  it('reads praise words around a problem as sarcasm', () => {
    expect(detectHardCase('Oh great, it crashed again.')).to.deep.equal({ kind: 'sarcasm', sentiment: 'negative', type: 'bug' });
    expect(detectHardCase('thanks for nothing')).to.include({ kind: 'sarcasm', sentiment: 'negative' });
  });

  it('reads rhetorical questions as complaints and leaves plain questions alone', () => {
    expect(detectHardCase('Who decided to hide the logout button?')).to.include({ kind: 'complaint-question', sentiment: 'negative', type: 'complaint' });
    expect(detectHardCase('why does the app keep crashing on startup?')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(detectHardCase('How do I add a second user?')).to.equal(undefined);
    expect(detectHardCase('Why is the sync option greyed out for me?')).to.equal(undefined);
  });

  it('reads negated problems as praise', () => {
    expect(detectHardCase('never had a single crash in two years')).to.include({ kind: 'negation', sentiment: 'positive', type: 'praise' });
  });

  it('answers nothing for plain feedback, so the classifier decides', () => {
    expect(detectHardCase('Love the new dashboard')).to.equal(undefined);
    expect(detectHardCase('The export button does nothing')).to.equal(undefined);
  });
});
