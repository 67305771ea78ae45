import { expect } from 'chai';
import { PhraseLabeler } from '../../../../src/analysis/labels/phrase-labeler.js';
import { labelThemes } from '../../../../src/analysis/labels/ctfidf.js';

const labeler = new PhraseLabeler();

describe('phrase labeler (offline theme labels)', () => {
  it('names a theme by its most representative noun phrase, in its written form', async () => {
    const label = await labeler.label({
      texts: [
        'CSV export times out every time I pick the full year range.',
        'The CSV export just spins and then fails',
        'CSV export cuts off the last column',
        'Downloading my data as a spreadsheet never finishes.',
      ],
      terms: ['csv export', 'export', 'spins'],
    });
    expect(label).to.equal('CSV export');
  });

  it('prefers a distinctive phrase to a generic word, capitalised, without stems or separators', async () => {
    const label = await labeler.label({
      texts: ['Please add a dark mode, the white background hurts at night', 'Dark mode please!! my eyes are burning', 'dark mode would be amazing in the app'],
      terms: ['dark mode', 'night', 'eyes'],
    });
    expect(label).to.equal('Dark mode');
  });

  it('a theme of texts compromise cannot parse is named by the aspect most of them name', async () => {
    const label = await labeler.label({
      texts: ['No puedo iniciar sesión', 'Impossible de me connecter', 'Ich kann mich nicht anmelden'],
      terms: ['puedo', 'connecter', 'anmelden'],
    });
    expect(label).to.equal('Sign in');
  });

  it('a phrase only one text of a mixed-language theme uses loses to the aspect they all name, whichever texts arrived first', async () => {
    const texts = [
      'Please add a dark mode, the white background hurts at night.',
      'Por favor, añadan un modo oscuro.',
      'Un mode sombre serait génial pour le soir.',
      'Bitte einen Dunkelmodus einbauen.',
    ];
    const subsets = [texts, texts.slice(0, 3), [texts[0], texts[2], texts[3]], [texts[3], texts[0]]];
    for (const subset of subsets) {
      for (const terms of [['white', 'background'], ['mode', 'oscuro'], []]) {
        expect(await labeler.label({ texts: subset, terms }), `${subset.length} texts, terms ${terms}`).to.equal('Dark mode');
      }
    }
  });

  it('falls back to the c-TF-IDF terms when there is neither a phrase nor a shared aspect', async () => {
    const label = await labeler.label({ texts: ['Qwerty zxcvb'], terms: ['qwerty', 'zxcvb'] });
    expect(label).to.be.a('string').and.not.be.empty;
    expect(await labeler.label({ texts: [], terms: [] })).to.be.a('string').and.not.be.empty;
  });

  it('leaves out words mixing letters and digits (references, codes)', async () => {
    const label = await labeler.label({ texts: ['My order ab12345 shows the wrong invoices.'], terms: ['ab12345', 'invoices'] });
    expect(label.toLowerCase()).to.not.include('ab12345');
  });

  it('survives hostile texts (NUL, lone surrogates, 100,000 characters)', async () => {
    const label = await labeler.label({ texts: [`\u0000\ud800 export ${'a'.repeat(100_000)}`, 'export \u0000'], terms: ['export'] });
    expect(label).to.be.a('string');
    expect(label.length).to.be.at.most(60);
  });

  it('names a theme of another language by its noun phrase when it has no English phrase and no shared aspect', async () => {
    const themes = [['Me encantaría poder quitar el fondo de las fotos automáticamente'], ['Bitte eine Funktion zum Entfernen von Objekten einbauen']];
    const terms = labelThemes(themes.map((texts, i) => ({ clusterId: String(i), texts })));
    const labels = await Promise.all(themes.map((texts, i) => labeler.label({ texts, terms: terms.get(String(i))!.split(' / ') })));
    expect(labels).to.deep.equal(['Fondo de las fotos', 'Entfernen von Objekten']);
  });

  it('trims stop words at the edges of English phrases ("All afternoon" → "Afternoon")', async () => {
    const label = await labeler.label({ texts: ['The sync was down all afternoon'], terms: ['afternoon'] });
    expect(label).to.equal('Afternoon');
  });
});
