import { expect } from 'chai';
import type { ThemeLabeler } from '../../../../src/analysis/labeler.js';
import { CtfidfLabeler } from '../../../../src/analysis/labels/ctfidf-labeler.js';

describe('CtfidfLabeler', () => {
  it('implements ThemeLabeler from the given terms', async () => {
    const labeler: ThemeLabeler = new CtfidfLabeler();
    expect(await labeler.label({ texts: ['ignored'], terms: ['Password Reset', 'login', 'the', '[email]', 'login', 'SSO!'] })).to.equal(
      'password reset / login / sso',
    );
  });

  it('falls back to the top terms of the texts', async () => {
    const label = await new CtfidfLabeler().label({
      texts: ['CSV export fails.', 'The CSV export is empty.', 'Export to CSV times out.'],
      terms: [],
    });
    expect(label).to.match(/csv export|export|csv/);
    expect(label.split(' / ').length).to.be.within(1, 4);
  });

  it('weighs the texts against background clusters when given', async () => {
    const labeler = new CtfidfLabeler({ background: [{ clusterId: 'other', texts: ['The app is slow.', 'The app crashes.'] }] });
    const label = await labeler.label({ texts: ['The app needs a dark mode.', 'Dark mode for the app please.'], terms: [] });
    expect(label.startsWith('dark mode')).to.equal(true);
  });

  it('says "misc" when nothing usable is left', async () => {
    expect(await new CtfidfLabeler().label({ texts: ['[email] 123'], terms: ['the', '[name]'] })).to.equal('misc');
    expect(await new CtfidfLabeler().label({ texts: [], terms: [] })).to.equal('misc');
  });
});
