import { expect } from 'chai';
import { emailClaimOutcome, isIgnoredEmail, isRoleAddress, mergeSuggestionReason, normaliseEmail } from '../../../src/domain/user/email-linking.js';

describe('email linking rules (spec 2.3)', () => {
  const claim = { email: 'ana@example.com', userId: 'ana', linking: 'auto' as const, ignore: [], aliasOf: undefined };

  it('emails compare trimmed and lower-cased', () => expect(normaliseEmail(' Ana@Example.COM ')).to.equal('ana@example.com'));

  it('linking auto: an unclaimed personal address links (merges a shadow user); suggest records the alias only; off does nothing', () => {
    expect(emailClaimOutcome(claim)).to.equal('link');
    expect(emailClaimOutcome({ ...claim, linking: 'suggest' })).to.equal('alias-only');
    expect(emailClaimOutcome({ ...claim, linking: 'off' })).to.equal('none');
  });

  it('an address already held by another user is ambiguous; held by the same user it links again', () => {
    expect(emailClaimOutcome({ ...claim, aliasOf: 'bea' })).to.equal('none');
    expect(emailClaimOutcome({ ...claim, aliasOf: 'ana' })).to.equal('link');
  });

  it('role addresses and the ignore list (exact or @domain) never link; nor does a value that is no email', () => {
    expect(isRoleAddress('support@acme.example')).to.equal(true);
    expect(isRoleAddress('ana@acme.example')).to.equal(false);
    expect(emailClaimOutcome({ ...claim, email: 'support@acme.example' })).to.equal('none');
    expect(isIgnoredEmail('ops@mailbox.example', ['@Mailbox.example'])).to.equal(true);
    expect(isIgnoredEmail('ops@mailbox.example.org', ['@mailbox.example'])).to.equal(false);
    expect(emailClaimOutcome({ ...claim, ignore: ['ana@example.com'] })).to.equal('none');
    expect(emailClaimOutcome({ ...claim, email: 'not an email' })).to.equal('none');
  });

  it('what the rules keep apart becomes a merge suggestion, with its reason; linking off and a plain link suggest nothing', () => {
    expect(mergeSuggestionReason({ ...claim, linking: 'suggest' })).to.equal('linking-suggest');
    expect(mergeSuggestionReason({ ...claim, aliasOf: 'bea' })).to.equal('claimed-by-another-user');
    expect(mergeSuggestionReason({ ...claim, email: 'support@acme.example' })).to.equal('role-address');
    expect(mergeSuggestionReason({ ...claim, ignore: ['@example.com'], email: 'support@example.com' })).to.equal('ignored-address');
    expect(mergeSuggestionReason(claim)).to.equal(null);
    expect(mergeSuggestionReason({ ...claim, aliasOf: 'ana' })).to.equal(null);
    expect(mergeSuggestionReason({ ...claim, linking: 'off', email: 'support@acme.example' })).to.equal(null);
    expect(mergeSuggestionReason({ ...claim, linking: 'suggest', email: 'not an email' })).to.equal(null);
  });
});
