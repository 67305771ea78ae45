import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { redact } from '../../../../src/analysis/redaction/index.js';

describe('redact', () => {
  it('given mixed personal data, when redacting, then replaces each item by its typed placeholder and counts it', () => {
    const text = 'I am Jane Doe (jane@x.io), card 4111 1111 1111 1111, IBAN DE89370400440532013000, from 10.0.0.15, call +44 20 7946 0958.';
    const result = redact(text);
    expect(result.text).to.equal('I am [name] ([email]), card [card], IBAN [iban], from [ip], call [phone].');
    expect(result.counts).to.deep.equal({ name: 1, email: 1, card: 1, iban: 1, ip: 1, phone: 1 });
  });
  it('given an email spelled out with "dot" and "at", when redacting, then it becomes one [email]', () => {
    expect(redact('Please write to zelda dot quintrell at example dot org about the refund.').text).to.equal('Please write to [email] about the refund.');
  });
  it('given a Japanese phone number inside Japanese text, half- or full-width, when redacting, then it becomes [phone]', () => {
    expect(redact('電話は090-1234-5678までお願いします').text).to.equal('電話は[phone]までお願いします');
    expect(redact('03-1234-5678に電話してください').text).to.equal('[phone]に電話してください');
    expect(redact('電話番号は０９０－１２３４－５６７８です').text).to.equal('電話番号は[phone]です');
  });
  it('given an email inside Japanese text, when redacting, then only the address is replaced', () => {
    expect(redact('メールはtaro@example.co.jpまでお願いします').text).to.equal('メールは[email]までお願いします');
  });
  it('given a card number grouped with dots, when redacting, then it becomes [card]', () => {
    expect(redact('My card 4111.1111.1111.1111 was charged twice').text).to.equal('My card [card] was charged twice');
  });
  it('given a lower-case name after a cue, when redacting, then it becomes [name]', () => {
    expect(redact('my account manager zelda quintrell never called back').text).to.equal('my account manager [name] never called back');
    expect(redact('thanks to marco from support').text).to.equal('thanks to [name] from support');
  });
  it('given Japanese dates, prices and order numbers, when redacting, then nothing changes', () => {
    const text = '2024年12月15日10時に注文しました。価格は1,980円、注文番号は2024121510です。';
    expect(redact(text)).to.deep.equal({ text, counts: {} });
  });
  it('given a name inside an email address, when redacting, then the email wins as one placeholder', () => {
    expect(redact('write to jane.doe@example.com', { knownNames: ['Jane Doe'] }).text).to.equal('write to [email]');
  });
  it('given overlapping findings, when redacting, then no fragment of either is left beside the placeholder', () => {
    const result = redact('Token: Bearer sk_live_51HxYz2eZvKYlo2C0aBcD3fGh done');
    expect(result.text).to.equal('Token: Bearer [secret] done');
    expect(result.counts).to.deep.equal({ secret: 1 });
  });
  it('given knownNames, when redacting, then the full name and its parts become [name]', () => {
    expect(redact('Kim wrote: ask KIM LEE or lee.', { knownNames: ['Kim Lee'] }).text).to.equal('[name] wrote: ask [name] or [name].');
  });
  it('given placeholders already in the text, when redacting again, then the text is unchanged', () => {
    const once = redact('Mail [email] or call [phone]; Dr. Patel at 10 Downing Street, [name].').text;
    expect(redact(once).text).to.equal(once);
    expect(once).to.contain('Mail [email] or call [phone]');
  });
  it('given look-alikes only, when redacting, then the text survives untouched', () => {
    const text =
      'Order ORD-2024-00123 on 2024-03-15 14:32, v2.4.1 / 10.2, $49.99 (19%), build 1187, SKU TBL-OAK-180, error E4021, 1Z999AA10123456784, Apple Pay, Dark Mode, Export.';
    expect(redact(text)).to.deep.equal({ text, counts: {} });
  });
  it('given empty or non-string input, when redacting, then returns without throwing', () => {
    expect(redact('')).to.deep.equal({ text: '', counts: {} });
    expect(redact(undefined as unknown as string)).to.deep.equal({ text: '', counts: {} });
    expect(redact('x', { knownNames: [null as unknown as string] })).to.deep.equal({ text: 'x', counts: {} });
  });
  it('given every fixture text, when redacting twice, then the second pass changes nothing', () => {
    const lines = readFileSync(new URL('../../../fixtures/redaction/cases.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    for (const line of lines) {
      const once = redact((JSON.parse(line) as { text: string }).text).text;
      expect(redact(once).text, once).to.equal(once);
    }
  });
  it('given national id numbers and a date of birth, when redacting, then they become [idnumber] and [birthdate] and are counted', () => {
    const result = redact('SSN 123-45-6789, BSN 111222333, DNI 12345678Z, born on 14 March 1987. Order 123456789 from 12 March 2024.');
    expect(result.text).to.equal('SSN [idnumber], BSN [idnumber], DNI [idnumber], born on [birthdate]. Order 123456789 from 12 March 2024.');
    expect(result.counts).to.deep.equal({ idnumber: 3, birthdate: 1 });
  });
  it('given the obfuscated and spelled-out forms customers use, when redacting, then each gets the placeholder of its kind', () => {
    expect(redact('Contact me at b o b @ e x a m p l e . c o m').text).to.equal('Contact me at [email]');
    expect(redact('Send it to dave&#64;example.com please').text).to.equal('Send it to [email] please');
    expect(redact('Call me: five five five, one two three four, thanks').text).to.equal('Call me: [phone], thanks');
    expect(redact('CVV 123, security code 847').text).to.equal('CVV [card], security code [card]');
    expect(redact('reset link https://example.com/reset/Zk3mP9qLw2XrT8 expired').text).to.equal('reset link https://example.com/reset/[secret] expired');
  });
  it('given introductions in other scripts, when redacting, then only the name is replaced', () => {
    expect(redact('我叫王小明，订单没到。').text).to.equal('我叫[name]，订单没到。');
    expect(redact('私は田中太郎です。').text).to.equal('私は[name]です。');
    expect(redact('меня зовут Анна Петрова, помогите').text).to.equal('меня зовут [name], помогите');
    expect(redact('اسمي أحمد حسن ولم يصلني الطلب').text).to.equal('اسمي [name] ولم يصلني الطلب');
    expect(redact('Ik ben Jan de Vries').text).to.equal('Ik ben [name]');
  });
  it('given the new placeholders already in the text, when redacting again, then they are left as they are', () => {
    const once = 'SSN [idnumber], born on [birthdate], CVV [card]';
    expect(redact(once)).to.deep.equal({ text: once, counts: {} });
  });
});
