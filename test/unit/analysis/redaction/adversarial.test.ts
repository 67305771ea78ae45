import { expect } from 'chai';
import { redact } from '../../../../src/analysis/redaction/index.js';

// Shapes that make naive regexes backtrack catastrophically or detectors loop; each is ~10,000 characters.
// The assertions check results; the mocha timeout would catch a runaway match.
const TEN_K = 10_000;
const fill = (unit: string): string => unit.repeat(Math.ceil(TEN_K / unit.length)).slice(0, TEN_K);

describe('redact on adversarial 10k-character inputs', () => {
  const untouched: Array<[string, string]> = [
    ['a digit soup', fill('1234 ')],
    ['one long digit run', fill('7')],
    ['one long word', fill('a')],
    ['only spaces', fill(' ')],
    ['repeated at-signs', fill('a@')],
    ['dots before a final at-sign', fill('a.').slice(0, TEN_K - 1) + '@'],
    ['dotted digits', fill('1.')],
    ['colon pairs', fill('ab:cd:')],
    ['capitalised words', fill('Aaa Bbb ')],
    ['one long capitalised word', fill('A')],
    ['a number then many capitalised words', '12 ' + fill('Main ')],
    ['repeated key prefixes', fill('sk_live_')],
    ['repeated Bearer', fill('Bearer ')],
    ['repeated password cues', fill('password is ')],
    ['emoji and CJK', fill('😀é漢')],
    ['repeated IBAN heads', fill('DE89 ')],
    ['opening parentheses then digits', '('.repeat(5000) + '1'.repeat(5000)],
    ['repeated " at "', fill('a at ')],
    ['repeated " dot "', fill('a dot ')],
    ['repeated bracketed at', fill('a (at) ')],
    ['repeated full-width at-signs', fill('＠')],
    ['words joined by at and dot', fill('dot at ')],
    ['repeated role cues', fill('my account manager ')],
    ['repeated thanks cues', fill('thanks to ')],
    ['dotted digit groups', fill('4111.')],
    ['full-width digits and dashes', fill('０－')],
    ['spaced single letters', fill('a ')],
    ['spaced letters and at-signs', fill('a @ ')],
    ['repeated HTML at-signs', fill('a&#64;')],
    ['repeated number words', fill('one ')],
    ['repeated query parameters', 'https://x.io/?' + fill('token=&')],
    ['repeated reset segments', 'https://x.io/' + fill('reset/')],
    ['repeated Chinese cues', fill('我叫')],
    ['repeated Dutch cues', fill('Ik ben ')],
    ['repeated Arabic cues', fill('اسمي ')],
    ['repeated birth cues', fill('born on ')],
    ['repeated SSN cues before short digits', fill('SSN 12 ')],
  ];
  for (const [label, text] of untouched) {
    it(`given ${label}, when redacting, then returns the text unchanged`, () => {
      expect(redact(text).text).to.equal(text);
    });
  }

  it('given 10k characters of varied prose with names and emails, when redacting, then every planted item is replaced', () => {
    const parts: string[] = [];
    for (let i = 0; parts.join(' ').length < TEN_K; i++) parts.push(`Ticket ${1000 + i}: user${i}@example.com says sync failed ${i % 7} times.`);
    const out = redact(parts.join(' ')).text;
    expect(out).not.to.match(/@example\.com/);
    expect(out).to.contain('Ticket 1000: [email] says sync failed 0 times.');
  });

  it('given 10k characters of spelled-out emails and lower-case cued names, when redacting, then each is replaced quickly', () => {
    const parts: string[] = [];
    for (let i = 0; parts.join(' ').length < TEN_K; i++) parts.push(`ticket ${i}: write to user${i} dot doe at example dot org, thanks to marco from support.`);
    const started = performance.now();
    const out = redact(parts.join(' ')).text;
    expect(performance.now() - started).to.be.below(2000);
    expect(out).to.contain('ticket 0: write to [email], thanks to [name] from support.');
    expect(out).not.to.match(/example dot org|marco/);
  });

  it('given a 10k text ending in a phone number after a long run of digits and dots, when redacting, then the phone is found', () => {
    const text = fill('1.2.').slice(0, TEN_K - 40) + ' call +44 20 7946 0958';
    expect(redact(text).text.endsWith(' call [phone]')).to.equal(true);
  });
});
