import { expect } from 'chai';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../../../src/analysis/analyzer.js';
import { embedMany, loadOfflineAnalyzer, type OfflineAnalyzer } from '../../../../src/analysis/offline/index.js';

const cosine = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);
const norm = (a: number[]) => Math.sqrt(cosine(a, a));

describe('offline analyzer', function () {
  this.timeout(120_000);
  let analyzer: OfflineAnalyzer;

  before(async () => {
    analyzer = await loadOfflineAnalyzer();
  });

  it('is loaded once per process', async () => {
    expect(await loadOfflineAnalyzer()).to.equal(analyzer);
    expect(analyzer.name).to.equal('offline');
    expect(analyzer.embeddingModel).to.deep.equal({ model: 'use-lite-512', dimensions: 512 });
  });

  describe('embeddings', () => {
    it('are 512-dimensional unit vectors', async () => {
      const e = await analyzer.embed('The checkout page does not load.');
      expect(e.model).to.equal('use-lite-512');
      expect(e.dimensions).to.equal(512);
      expect(e.vector).to.have.length(512);
      expect(norm(e.vector)).to.be.closeTo(1, 1e-3);
    });

    it('place paraphrases closer than unrelated texts', async () => {
      const [a, b, c] = await embedMany([
        'The app crashes whenever I open it.',
        'Every time I launch the application it crashes.',
        'What a lovely sunny afternoon at the beach.',
      ]);
      expect(cosine(a.vector, b.vector)).to.be.greaterThan(0.6);
      expect(cosine(a.vector, b.vector)).to.be.greaterThan(cosine(a.vector, c.vector) + 0.3);
    });

    it('batch and single embeddings agree, in input order', async () => {
      const texts = ['Please add dark mode', 'Refund my money', 'Great app'];
      const many = await analyzer.embedMany(texts);
      const single = await analyzer.embed(texts[1]);
      expect(cosine(many[1].vector, single.vector)).to.be.closeTo(1, 1e-3);
      expect(cosine(many[0].vector, single.vector)).to.be.lessThan(0.9);
    });

    it('ignore redaction placeholders', async () => {
      const a = await analyzer.embed('Please call me back at [phone].');
      const b = await analyzer.embed('Please call me back at.');
      expect(cosine(a.vector, b.vector)).to.be.closeTo(1, 1e-3);
    });
  });

  describe('language', () => {
    const cases: Array<[string, string]> = [
      ['The app keeps crashing when I open my photos', 'en'],
      ['Die App stürzt ständig ab', 'de'],
      ["L'application ne fonctionne plus depuis hier", 'fr'],
      ['No funciona nada', 'es'],
      ['アプリが起動しません', 'ja'],
      ['Не работает', 'ru'],
    ];
    for (const [text, language] of cases) {
      it(`detects ${language}`, async () => {
        expect((await analyzer.analyze(text)).language).to.equal(language);
      });
    }

    it('returns und for empty or placeholder-only text', async () => {
      expect((await analyzer.analyze('')).language).to.equal('und');
      expect((await analyzer.analyze('[email] [phone] 12345')).language).to.equal('und');
    });
  });

  describe('sentiment and type', () => {
    it('reads crashes as a negative bug report', async () => {
      const r = await analyzer.analyze('The app crashes every time I open it');
      expect(r.sentiment).to.equal('negative');
      expect(r.sentimentScore).to.be.lessThan(0);
      expect(r.type).to.equal('bug');
    });

    it('reads "please add dark mode" as a feature request, not negative', async () => {
      const r = await analyzer.analyze('please add dark mode');
      expect(r.type).to.equal('feature_request');
      expect(r.sentiment).to.not.equal('negative');
      expect(r.sentimentScore).to.be.at.least(0);
    });

    it('reads "keeps logging me out" as negative', async () => {
      expect((await analyzer.analyze('It keeps logging me out')).sentiment).to.equal('negative');
    });

    it('reads thanks as positive praise with gratitude', async () => {
      const r = await analyzer.analyze('Thank you so much, [name] fixed my problem in minutes!');
      expect(r.sentiment).to.equal('positive');
      expect(r.emotions).to.include('gratitude');
    });

    it('matches the score sign to the sentiment and stays within the fixed label sets', async () => {
      const texts = [
        'Love it!',
        'Terrible, I want a refund.',
        'How do I reset my password?',
        'ok',
        '',
        'Wish it had a widget, otherwise perfect.',
        'Takes forever to load and then freezes.',
        'Der Preis ist zu hoch.',
      ];
      const results = await Promise.all(texts.map((t) => analyzer.analyze(t)));
      for (const r of results) {
        expect(SENTIMENTS).to.include(r.sentiment);
        expect(FEEDBACK_TYPES).to.include(r.type);
        for (const e of r.emotions) expect(EMOTIONS).to.include(e);
        expect(r.sentimentScore).to.be.within(-1, 1);
        expect(Math.sign(r.sentimentScore)).to.equal({ positive: 1, neutral: 0, negative: -1 }[r.sentiment]);
        expect(r.analyzer).to.equal('offline');
        expect(r.embedding.dimensions).to.equal(512);
        expect(r.confidence).to.be.a('number').within(0, 1);
      }
    });

    it('reads other languages with their cue lexicon and contrast by its second clause', async () => {
      expect(await analyzer.analyze('Der Preis ist viel zu hoch, echt enttäuschend.')).to.include({ language: 'de', sentiment: 'negative', type: 'complaint' });
      expect(await analyzer.analyze('Tolle Idee, aber die App stürzt ständig ab.')).to.include({ language: 'de', sentiment: 'negative', type: 'bug' });
      const contrast = await analyzer.analyze('great app but the ads are too intrusive');
      expect(contrast).to.include({ language: 'en', sentiment: 'negative', type: 'complaint' });
      expect(contrast.sentimentScore).to.be.below(0);
    });
  });
});
