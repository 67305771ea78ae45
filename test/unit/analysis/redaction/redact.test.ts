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
    const text = 'Order ORD-2024-00123 on 2024-03-15 14:32, v2.4.1 / 10.2, $49.99 (19%), build 1187, SKU TBL-OAK-180, error E4021, 1Z999AA10123456784, Apple Pay, Dark Mode, Export.';
    expect(redact(text)).to.deep.equal({ text, counts: {} });
  });
  it('given empty or non-string input, when redacting, then returns without throwing', () => {
    expect(redact('')).to.deep.equal({ text: '', counts: {} });
    expect(redact(undefined as unknown as string)).to.deep.equal({ text: '', counts: {} });
    expect(redact('x', { knownNames: [null as unknown as string] })).to.deep.equal({ text: 'x', counts: {} });
  });
  it('given every fixture text, when redacting twice, then the second pass changes nothing', () => {
    const lines = readFileSync(new URL('../../../fixtures/redaction/cases.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const once = redact((JSON.parse(line) as { text: string }).text).text;
      expect(redact(once).text, once).to.equal(once);
    }
  });
});
