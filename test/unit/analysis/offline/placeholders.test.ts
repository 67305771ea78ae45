import { expect } from 'chai';
import { neutralisePlaceholders, stripForLanguageId } from '../../../../src/analysis/offline/text/placeholders.js';

describe('placeholder handling', () => {
  it('drops redaction placeholders and keeps [name] readable', () => {
    expect(neutralisePlaceholders('Write to [email] or call [phone], thanks [name]!')).to.equal('Write to or call, thanks someone!');
  });

  it('leaves other bracketed text alone', () => {
    expect(neutralisePlaceholders('The [beta] badge is wrong')).to.equal('The [beta] badge is wrong');
  });

  it('removes placeholders, URLs, e-mails and numbers before language identification', () => {
    expect(stripForLanguageId('[name] 123 https://x.io/a?b=1 a@b.com Hallo Welt!')).to.equal('Hallo Welt');
  });
});
