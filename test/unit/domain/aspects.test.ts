import { expect } from 'chai';
import { ASPECT_SLOTS, foldForAspects } from '../../../src/domain/cluster/aspects.js';
import { ASPECTS, aspectsOf, aspectVector } from '../../../src/resources/aspect-taxonomy.js';

const names = (text: string) => aspectsOf(text).map((a) => a.aspect);

describe('aspects of a report', () => {
  it('recognises one aspect in several languages and in paraphrases that share no word', () => {
    for (const text of [
      "I can't log in",
      'The authentication screen rejects my credentials',
      'No puedo iniciar sesión',
      'Impossible de me connecter',
      'Ich kann mich nicht anmelden',
    ]) {
      expect(names(text), text).to.include('sign-in');
    }
  });

  it('matches whole words unless the keyword is a prefix: "latest" is not "late", "crashes" is "crash"', () => {
    expect(names('Keeps crashing after the latest release')).to.include('crash').and.not.include('late-delivery');
    expect(names('My order arrived late')).to.deep.equal(['late-delivery']);
  });

  it('folds case and accents; a text without keywords names no aspect and gives a zero block', () => {
    expect(names('LA EXPORTACIÓN A CSV')).to.deep.equal(['export']);
    expect(names('Hello there')).to.deep.equal([]);
    expect(aspectVector('Hello there').every((x) => x === 0)).to.equal(true);
    expect(aspectVector('dark mode')).to.have.length(ASPECT_SLOTS);
  });

  it('survives hostile text (NUL, lone surrogates, 100,000 characters) without an error', () => {
    expect(() => aspectsOf(`\u0000\ud800 login ${'x'.repeat(100_000)}`)).to.not.throw();
    expect(names(`\u0000\ud800 login`)).to.deep.equal(['sign-in']);
  });

  it('given the general taxonomy, then reports of products outside the hand-written list meet on one aspect, across languages and wordings', () => {
    const cases: [string, string[]][] = [
      ['baggage', ['My suitcase never showed up on the belt', 'Han perdido mi maleta', 'Mon bagage est arrivé abîmé']],
      [
        'bluetooth-pairing',
        ['The earbuds will not pair with my phone', 'Los auriculares no se emparejan por bluetooth', 'Kopplung per Bluetooth klappt nicht'],
      ],
      ['subtitles-audio-tracks', ['Subtitles are out of sync with the dialogue', 'Faltan los subtítulos en español', 'Les sous-titres disparaissent']],
      ['payroll', ['My payslip shows the wrong amount', 'La nómina llegó con un error', 'La fiche de paie est fausse']],
    ];
    for (const [aspect, texts] of cases) for (const text of texts) expect(names(text), text).to.include(aspect);
  });

  it('has unique aspect names, no more aspects than slots, and keywords already folded with `*` only at the end', () => {
    expect(new Set(ASPECTS.map((a) => a.aspect)).size).to.equal(ASPECTS.length);
    expect(ASPECTS.length).to.be.at.most(ASPECT_SLOTS);
    for (const { aspect, keywords } of ASPECTS) {
      expect(keywords, aspect).to.not.be.empty;
      for (const keyword of keywords) {
        expect(foldForAspects(keyword), `${aspect}: ${keyword}`).to.equal(keyword);
        expect(keyword.replace(/\*$/, ''), `${aspect}: ${keyword}`).to.match(/^[^*\s](?:[^*]*[^*\s])?$/);
      }
    }
  });
});
