import { expect } from 'chai';
import { detectEmails } from '../../../../src/analysis/redaction/detectors/email.js';
import { found } from './helpers.js';

describe('detectEmails', () => {
  it('given plus-addressing, subdomains and uppercase, when detecting, then finds each whole address', () => {
    const text = 'Mail lena+feedback@mail.beispiel.de or JOHN.SMITH@COMPANY.ORG.';
    expect(found(text, detectEmails(text))).to.deep.equal(['lena+feedback@mail.beispiel.de', 'JOHN.SMITH@COMPANY.ORG']);
  });
  it('given an at-sign without a domain, when detecting, then finds nothing', () => {
    expect(detectEmails('meet @ 5pm, handle @janedoe, a@b')).to.deep.equal([]);
  });
});
