import { expect } from 'chai';
import { singular, stem } from '../../../../src/domain/text/tokenize.js';
import { contentWords, isStopWord, terms } from '../../../../src/resources/text.js';

describe('label tokenisation', () => {
  it('keeps lower-case content words without stop words, numbers, placeholders, URLs or e-mails', () => {
    expect(contentWords('Please reset MY password at [email] or call [phone], thanks [name]! Error 403 https://x.io a@b.com')).to.deep.equal([
      'reset',
      'password',
      'call',
      'thank',
      'error',
    ]);
  });

  it('normalises plurals lightly', () => {
    expect(['notifications', 'charges', 'crashes', 'queries', 'status', 'analysis', 'access', 'cookies', 'bus'].map(singular)).to.deep.equal([
      'notification',
      'charge',
      'crash',
      'query',
      'status',
      'analysis',
      'access',
      'cookie',
      'bus',
    ]);
  });

  it('stems verb endings for vocabulary comparisons', () => {
    expect(new Set(['crash', 'crashes', 'crashed', 'crashing'].map(stem)).size).to.equal(1);
    expect(new Set(['upload', 'uploads', 'uploaded', 'uploading'].map(stem)).size).to.equal(1);
    expect(stem('Stopped')).to.equal(stem('stop'));
  });

  it('forms bigrams of adjacent content words only, not across stop words or punctuation', () => {
    expect(terms('Password reset link expired. Export fails')).to.deep.equal([
      'password',
      'reset',
      'link',
      'expired',
      'password reset',
      'reset link',
      'link expired',
      'export',
      'fail',
      'export fail',
    ]);
    expect(terms('reset of the password')).to.deep.equal(['reset', 'password']);
    expect(terms('password reset', { bigrams: false })).to.deep.equal(['password', 'reset']);
  });

  it('knows contractions as stop words, whatever the apostrophe', () => {
    expect(isStopWord("can't")).to.equal(true);
    expect(isStopWord('Don’t')).to.equal(true);
    expect(isStopWord('dashboard')).to.equal(false);
  });

  it('with a language, also drops its function and filler words, so foreign bigrams are content words ("fondo", not "de las")', () => {
    const text = 'Bitte eine Funktion zum Entfernen von Objekten einbauen';
    expect(terms(text)).to.include('bitte eine');
    expect(terms(text, { language: 'de' })).to.deep.equal(['funktion', 'entfernen', 'objekten', 'einbauen', 'objekten einbauen']);
    expect(contentWords('quitar el fondo de las fotos'), 'unchanged without a language (clustering vectors)').to.include('las');
    expect(terms("La vidéo du cours s'arrête toutes les deux minutes", { language: 'fr' })).to.deep.equal(['vidéo', 'cour', 'arrête', 'cour arrête', 'minute']);
  });
});
