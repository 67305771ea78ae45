import { expect } from 'chai';
import { readContrast } from '../../../../src/analysis/offline/rules/contrast.js';
import { detectHardCase } from '../../../../src/analysis/offline/rules/hard-cases.js';
import { namesProblem, withoutNegatedProblems } from '../../../../src/analysis/offline/rules/problem.js';
import { isRemovalComplaint } from '../../../../src/analysis/offline/rules/removal.js';
import { isSarcastic } from '../../../../src/analysis/offline/rules/sarcasm.js';

describe('sarcasm rule', () => {
  const sarcastic = (text: string) => isSarcastic(text, namesProblem(text), false);

  it('given an eye-roll emoji, when read, then the praise in the text is sarcastic', () => {
    expect(sarcastic('awesome new update 🙄')).to.equal(true);
    expect(detectHardCase('lovely, the map is blank now 🙄')).to.include({ kind: 'sarcasm', sentiment: 'negative' });
  });

  it('given a praising opener, when a problem or a repetition follows, then it is sarcasm; when praise follows, it is not', () => {
    expect(sarcastic('Fantastic, the export times out every morning')).to.equal(true);
    expect(sarcastic('Super, another password reset email')).to.equal(true);
    expect(sarcastic('Great app, another great release from the team')).to.equal(false);
    expect(sarcastic('Great support, they replaced the broken charger within a day')).to.equal(false);
  });

  it('given thanks for a harmful act, then sarcasm; given thanks for removing a nuisance, then sincere', () => {
    expect(sarcastic('thanks so much for wiping my saved routes')).to.equal(true);
    expect(sarcastic('thank you for removing the popups, much cleaner')).to.equal(false);
    expect(detectHardCase('thank you for removing the popups, much cleaner')?.sentiment).to.not.equal('negative');
  });

  it('given a scare-quoted quality claim next to a problem, then sarcasm', () => {
    expect(sarcastic('the "improved" search returns nothing')).to.equal(true);
    expect(sarcastic("so the 'smart' reminders fire at 3am")).to.equal(true);
  });

  it('given a reported fix, then praise words are sincere', () => {
    expect(isSarcastic('great, thanks for fixing the crash so fast', 'definite', true)).to.equal(false);
  });

  it('given a sarcastic text, when typed, then a failure is a bug and a grievance a complaint', () => {
    expect(detectHardCase('wow, logged out again in the middle of a transfer')).to.deep.equal({ kind: 'sarcasm', sentiment: 'negative', type: 'bug' });
    expect(detectHardCase('so glad I pay double for the same plan now')).to.deep.equal({ kind: 'sarcasm', sentiment: 'negative', type: 'complaint' });
  });
});

describe('removal rule (product convention: a removal is a complaint, a new thing a request)', () => {
  it('given something taken away, when read, then it is a negative complaint', () => {
    for (const text of [
      'why remove the sort by date option??',
      'what happened to the history tab',
      'please restore the old player',
      'the timer is no longer available, put it back',
    ]) {
      expect(detectHardCase(text), text).to.include({ kind: 'removal', sentiment: 'negative', type: 'complaint' });
    }
  });

  it('given a request for something that never existed, then it is not a removal', () => {
    expect(isRemovalComplaint('please add a sort by date option')).to.equal(false);
    expect(isRemovalComplaint('bring the widget to android please')).to.equal(false);
    expect(detectHardCase('can you add a sleep timer?')).to.deep.equal({ kind: 'request', sentiment: 'neutral', type: 'feature_request' });
  });
});

describe('contrast rule', () => {
  it('given praise then a problem after a marker, then the problem is the point', () => {
    expect(readContrast('decent tracker, too bad the sync fails every night')).to.deep.equal({ sentiment: 'negative', type: 'bug' });
  });

  it('given the problem first and praise after "otherwise", then the problem is still the point', () => {
    expect(readContrast('the checkout keeps timing out, otherwise a lovely shop')).to.include({ sentiment: 'negative' });
  });

  it('given short praise then a negative clause without a marker, then negative', () => {
    expect(readContrast('Lovely design, useless search')).to.include({ sentiment: 'negative' });
    expect(readContrast('Lovely design, fast and simple')).to.equal(undefined);
  });

  it('given short praise then a clause that only names a topic of grievance (price, support), then no verdict; judged, then negative', () => {
    expect(readContrast('Happy with the service, the new price list saves us an hour a week')).to.equal(undefined);
    expect(readContrast('Thanks, your support team was fantastic today')).to.equal(undefined);
    expect(readContrast('Brilliant tool, overpriced plan')).to.include({ sentiment: 'negative' });
  });

  it('given short praise then a denied mistake ("no corrections"), then no verdict of a problem', () => {
    expect(readContrast('Statements were perfect this month, first time ever no corrections')).to.equal(undefined);
  });

  it('given a problem that gets solved in the end, then praise', () => {
    expect(readContrast('the courier was late but support always sorts it out quickly')).to.deep.equal({ sentiment: 'positive', type: 'praise' });
  });

  it('given a negated problem, then it is no problem', () => {
    expect(withoutNegatedProblems('fast, never crashes, no ads')).to.not.match(/crash|ads/);
    expect(namesProblem('solid app, never crashes')).to.equal(undefined);
  });

  it('given a concession ("even if", "despite"), then the rest of the text is the point, and a topic of grievance alone is no problem', () => {
    expect(readContrast('Customer support was super quick, even if the refund took a week')).to.deep.equal({ sentiment: 'positive', type: 'praise' });
    expect(readContrast('Even though the price went up, the sync keeps failing')).to.include({ sentiment: 'negative' });
    expect(readContrast('Please add folders, even if only for premium users')).to.equal(undefined);
  });
});

describe('negated problems, nuisances gone and slow starts', () => {
  it('given a problem denied ("never once lost", "zero lag", "not a single complaint"), then praise', () => {
    for (const text of [
      'I have never once lost a file with this app',
      'Zero lag even on my old phone, impressive',
      'Not a single complaint after two years of daily use',
    ]) {
      expect(detectHardCase(text), text).to.deep.include({ sentiment: 'positive', type: 'praise' });
    }
    expect(detectHardCase('no lag since the update? it stutters all the time')?.sentiment).to.not.equal('positive');
  });

  it('given "haven\'t had a single issue", then praise', () => {
    expect(detectHardCase("Haven't had a single issue since I switched to this bank")).to.deep.include({ sentiment: 'positive', type: 'praise' });
  });

  it('given a problem asked of other users ("anyone else …?"), then negative: a bug when something failed, a complaint when it is a grievance', () => {
    expect(detectHardCase('Anyone else getting charged twice this month?')).to.deep.include({ sentiment: 'negative', type: 'bug' });
    expect(detectHardCase('Is anyone else annoyed by the new pricing?')).to.deep.include({ sentiment: 'negative', type: 'complaint' });
    expect(detectHardCase('Anyone else using it on a Chromebook?')?.sentiment).to.not.equal('negative');
  });

  it('given a nuisance that is gone and nothing else wrong, then praise; asked about, then no verdict of praise', () => {
    expect(detectHardCase('So glad the autoplay videos are gone')).to.deep.include({ sentiment: 'positive', type: 'praise' });
    expect(detectHardCase('Are the ads gone for premium users?')?.type).to.not.equal('praise');
    expect(isRemovalComplaint('the autoplay videos are gone')).to.equal(false);
  });

  it('given "a full minute to open" after a praising opener, then sarcasm, negative', () => {
    expect(detectHardCase('Great job, the app now takes a full minute to open')).to.deep.include({ kind: 'sarcasm', sentiment: 'negative' });
    expect(detectHardCase('Wow, it only takes a second to open now!')?.sentiment, 'a second is quick').to.not.equal('negative');
  });

  it('given a problem made small and praise after "otherwise", then praise', () => {
    expect(readContrast('only problem is dark mode is a little too dark lol, otherwise this fitness app totally changed my mornings ❤️')).to.deep.equal({
      sentiment: 'positive',
      type: 'praise',
    });
    expect(readContrast('the checkout keeps timing out, otherwise a lovely shop')).to.include({ sentiment: 'negative' });
  });

  it('given "though" after a problem and before a comma, then that problem is the point', () => {
    expect(readContrast('chats look nice. notifications dont come through at all though, missed my calls all week')).to.deep.equal({
      sentiment: 'negative',
      type: 'bug',
    });
  });

  it('given a fix reported with nothing else wrong, then praise; given a fee after a praising opener, then sarcasm', () => {
    expect(detectHardCase('oh wow, the new update actually fixed my sync! files show up instantly now')).to.deep.include({
      sentiment: 'positive',
      type: 'praise',
    });
    expect(detectHardCase('nice one, a $4.99 service fee on a $6 order')).to.deep.include({ kind: 'sarcasm', sentiment: 'negative', type: 'complaint' });
  });

  it('given a fix that held ("fine since the patch, thank you"), then praise; given a new failure after it, then not', () => {
    expect(detectHardCase('The card terminal has been fine since the patch, thank you all')).to.deep.equal({
      kind: 'resolved',
      sentiment: 'positive',
      type: 'praise',
    });
    expect(detectHardCase('The printer has been fine since the update but the scanner still fails')?.sentiment).to.equal('negative');
  });
});
