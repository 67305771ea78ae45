import { expect } from 'chai';
import { detectKnownNames } from '../../../../src/analysis/redaction/detectors/knownNames.js';
import { detectNames } from '../../../../src/analysis/redaction/detectors/name.js';
import { found } from './helpers.js';

describe('detectNames', () => {
  it('given people named in prose, when detecting, then finds each name', () => {
    const text = 'Spoke with Maria García yesterday. Thanks to Tom Becker the bug is fixed.';
    expect(found(text, detectNames(text))).to.include.members(['Maria García', 'Tom Becker']);
  });
  it('given introductions, honorifics and sign-offs, when detecting, then finds the names they announce', () => {
    const text = 'Ich heiße Klaus Müller. Mr. Okonkwo promised a refund.\nCheers,\nHannah Fischer';
    expect(found(text, detectNames(text))).to.include.members(['Klaus Müller', 'Okonkwo', 'Hannah Fischer']);
  });
  it('given a name after "ask", "thanks to" or a role, when detecting, then finds it even when the lexicon does not know it', () => {
    const text = 'Ask Nkechi about the invoice. Please ask for Priya at the desk. Thanks to Oluwaseun it works. Our finance lead, Kwame Mensah, agreed.';
    expect(found(text, detectNames(text))).to.include.members(['Nkechi', 'Priya', 'Oluwaseun', 'Kwame Mensah']);
  });
  it('given "Ask Zelda about the invoice", when detecting, then finds Zelda', () => {
    const text = 'Ask Zelda about the invoice';
    expect(new Set(found(text, detectNames(text)))).to.deep.equal(new Set(['Zelda']));
  });
  it('given "ask" or "thanks to" before teams, pronouns, products and common words, when detecting, then finds nothing', () => {
    const text =
      'Ask the team. Ask Questions button. Ask Support why. Ask Me Anything. I asked ChatGPT. Thanks to Dark Mode. Kudos to Engineering! Danke an Ihr Team. Please ask Dr. nobody. Our admin Console is slow.';
    expect(found(text, detectNames(text))).to.deep.equal([]);
  });
  it('given product words at sentence starts, when detecting, then finds nothing', () => {
    expect(detectNames('Apple Pay fails. Slack is down. Export is broken. Dark Mode is ugly. Mark as read fails.')).to.deep.equal([]);
  });
});

describe('detectKnownNames', () => {
  it('given a known full name, when detecting, then matches it whole and each part case-insensitively', () => {
    const text = 'JANE DOE wrote; later jane and Mrs doe replied; Janet did not.';
    expect(found(text, detectKnownNames(text, ['Jane Doe']))).to.deep.equal(['JANE DOE', 'jane', 'doe']);
  });
  it('given one-letter parts or no names, when detecting, then matches nothing extra', () => {
    expect(found('J R R wrote', detectKnownNames('J R R wrote', ['J R']))).to.deep.equal(['J R']);
    expect(detectKnownNames('anything', [])).to.deep.equal([]);
  });
});
