import { expect } from 'chai';
import { functionWordLanguage, isFunctionWordOf, isLabelStopWordOf } from '../../../src/resources/text.js';

describe('function words of other languages', () => {
  it('guesses a text language from the function words it uses most, English on a tie', () => {
    expect(functionWordLanguage('Le filigrane sur les photos est énorme')).to.equal('fr');
    expect(functionWordLanguage('Me encantaría poder quitar el fondo de las fotos')).to.equal('es');
    expect(functionWordLanguage('Bitte eine Funktion zum Entfernen von Objekten einbauen')).to.equal('de');
    expect(functionWordLanguage('De app crasht bij het openen van een foto')).to.equal('nl');
    expect(functionWordLanguage('The app dies when I open a photo')).to.equal('en');
    expect(functionWordLanguage('Los cursos son demasiado caros'), 'German "los" against Spanish "los son"').to.equal('es');
  });

  it('makes no guess without any function word, and survives hostile texts', () => {
    expect(functionWordLanguage('Slack notifications arrive hours late')).to.equal(undefined);
    for (const text of ['', '\u0000', '\ud800\udfff', 'de '.repeat(50_000), '__proto__ constructor']) expect(() => functionWordLanguage(text)).to.not.throw();
  });

  it('keeps filler words out of labels only: "bitte" is a label stop word, not a function word for clustering', () => {
    expect(isLabelStopWordOf('de', 'bitte')).to.equal(true);
    expect(isFunctionWordOf('de', 'bitte')).to.equal(false);
    expect(isLabelStopWordOf('de', 'eine')).to.equal(true);
    expect(isLabelStopWordOf('de', 'funktion')).to.equal(false);
    expect(isLabelStopWordOf(undefined, 'bitte')).to.equal(false);
    expect(isLabelStopWordOf('en', 'bitte')).to.equal(false);
  });
});
