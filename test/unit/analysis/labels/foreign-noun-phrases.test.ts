import { expect } from 'chai';
import { foreignNounPhrases, isPhraseLanguage } from '../../../../src/analysis/labels/foreign-noun-phrases.js';

describe('noun phrases of feedback in other languages (theme labels without a parser)', () => {
  it('given Spanish, when an article precedes a noun, then the noun and its "de las …" extension are phrases', () => {
    expect(foreignNounPhrases('Me encantaría poder quitar el fondo de las fotos automáticamente', 'es')).to.deep.equal([
      'fondo',
      'fondo de las fotos',
      'fotos',
    ]);
  });

  it('given French, then an adjective written before the noun stays and an elided article keeps its apostrophe', () => {
    expect(foreignNounPhrases('Le nouvel abonnement est beaucoup trop cher', 'fr')).to.deep.equal(['nouvel abonnement']);
    expect(foreignNounPhrases("Impossible d'accéder à l'historique des commandes", 'fr')).to.deep.equal([
      'historique',
      'historique des commandes',
      'commandes',
    ]);
  });

  it('given German, then phrases end at a capitalised noun and keep its capitals, and "von" links two nouns', () => {
    expect(foreignNounPhrases('Bitte eine Funktion zum Entfernen von Objekten einbauen', 'de')).to.deep.equal([
      'Funktion',
      'Entfernen',
      'Entfernen von Objekten',
      'Objekten',
    ]);
    expect(foreignNounPhrases('Die exportierten Bilder sind total unscharf', 'de')).to.deep.equal(['exportierten Bilder', 'Bilder']);
    expect(foreignNounPhrases('Ich kann mich nicht anmelden', 'de')).to.deep.equal([]);
  });

  it('given Italian, Portuguese and Dutch, then contractions and elisions start and link phrases', () => {
    expect(foreignNounPhrases("L'app si blocca quando apro un video dell'archivio", 'it')).to.deep.equal(['app', 'video', "video dell'archivio", 'archivio']);
    expect(foreignNounPhrases('O aplicativo trava ao abrir a câmera', 'pt')).to.deep.equal(['aplicativo', 'câmera']);
    expect(foreignNounPhrases('De app crasht bij het openen van een foto', 'nl')).to.deep.equal(['app', 'openen', 'openen van een foto', 'foto']);
  });

  it('keeps verbs, adverbs and clauses out: a verb after the noun, an infinitive after "al", an adverb in -mente', () => {
    expect(foreignNounPhrases('La app se cierra sola al abrir archivos RAW', 'es')).to.deep.equal(['app']);
    expect(foreignNounPhrases('Las fotos exportadas pierden mucha calidad', 'es')).to.deep.equal(['fotos exportadas']);
    expect(foreignNounPhrases('Sube las fotos automáticamente', 'es')).to.deep.equal(['fotos']);
  });

  it('keeps acronyms and never crosses punctuation', () => {
    expect(foreignNounPhrases("L'export en PDF ne marche plus. Le PDF, vide", 'fr')).to.deep.equal(['export', 'PDF']);
  });

  it('survives hostile texts: empty, NUL, lone surrogates, 100,000 characters', () => {
    for (const text of ['', '\u0000 la \u0000', 'el \ud800 de la \udfff', `la ${'x'.repeat(100_000)} de `, 'la '.repeat(20_000)]) {
      const phrases = foreignNounPhrases(text, 'es');
      expect(phrases).to.be.an('array');
      for (const phrase of phrases) expect(phrase.split(' ').length).to.be.at.most(4);
    }
  });

  it('knows which languages it reads', () => {
    expect(['es', 'fr', 'de', 'it', 'pt', 'nl'].every(isPhraseLanguage)).to.equal(true);
    expect([undefined, 'en', 'ja', 'constructor', '__proto__'].some(isPhraseLanguage)).to.equal(false);
  });
});
