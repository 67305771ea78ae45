import { expect } from 'chai';
import { detectHtmlEmails } from '../../../../src/analysis/redaction/detectors/htmlEmail.js';
import { detectSpacedEmails } from '../../../../src/analysis/redaction/detectors/spacedEmail.js';
import { found } from './helpers.js';

describe('detectSpacedEmails', () => {
  const planted: Array<[string, string]> = [
    ['Contact me at b o b @ e x a m p l e . c o m', 'b o b @ e x a m p l e . c o m'],
    ['reply to b e n . c a r t e r @ g m a i l . c o m since', 'b e n . c a r t e r @ g m a i l . c o m'],
    ['mail  s a r a h . k @ o u t l o o k . c o . u k  thanks', 's a r a h . k @ o u t l o o k . c o . u k'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${expected}", when detecting, then finds the whole address as [email]`, () => {
      const spans = detectSpacedEmails(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('email');
    });
  }
  for (const text of ['Type C O U P O N at checkout', 'press a @ b to mention', 'grade A @ 5 . 0 rating', 'plain bob@example.com']) {
    it(`given "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectSpacedEmails(text))).to.deep.equal([]);
    });
  }
});

describe('detectHtmlEmails', () => {
  const planted: Array<[string, string]> = [
    ['Send it to dave&#64;example.com please.', 'dave&#64;example.com'],
    ['encoded as maria&#x40;empresa&#46;es here', 'maria&#x40;empresa&#46;es'],
    ['Reply to j.smith&#064;corp.co.uk', 'j.smith&#064;corp.co.uk'],
    ['Mail an klaus&commat;firma.de', 'klaus&commat;firma.de'],
    ['dot written out: anna@mail&period;de', 'anna@mail&period;de'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${expected}", when detecting, then finds the whole address as [email]`, () => {
      const spans = detectHtmlEmails(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('email');
    });
  }
  for (const text of ['HTML shows &amp; and &#169; instead of & and ©.', 'plain dave@example.com is the other detector’s', 'price &#64; 5 dollars']) {
    it(`given "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectHtmlEmails(text))).to.deep.equal([]);
    });
  }
});
