import { expect } from 'chai';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../../../src/analysis/analyzer.js';
import { StubAnalyzer } from '../../../../src/analysis/stub/stub-analyzer.js';

const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

describe('stub analyzer', () => {
  const analyzer = new StubAnalyzer();

  it('names itself and its hashed 512-dimension embedding model', () => {
    expect(analyzer.name).to.equal('stub');
    expect(analyzer.embeddingModel).to.deep.equal({ model: 'stub-hash-512', dimensions: 512 });
  });

  it("answers the offline analyzer's shape, within the fixed vocabularies", async () => {
    const analysis = await analyzer.analyze('The export keeps crashing and I am frustrated, please fix it!');
    expect(Object.keys(analysis).sort()).to.deep.equal(
      ['analyzer', 'churnRisk', 'confidence', 'embedding', 'emotions', 'language', 'sentiment', 'sentimentScore', 'type'].sort(),
    );
    expect(SENTIMENTS).to.include(analysis.sentiment);
    expect(FEEDBACK_TYPES).to.include(analysis.type);
    for (const emotion of analysis.emotions) expect(EMOTIONS).to.include(emotion);
    expect(analysis.analyzer).to.equal('stub');
    expect(analysis.embedding.model).to.equal('stub-hash-512');
    expect(analysis.embedding.vector).to.have.length(512);
    expect(Math.sqrt(dot(analysis.embedding.vector, analysis.embedding.vector))).to.be.closeTo(1, 1e-4);
  });

  it('reads sentiment, type and emotions from a few words, the score signed like the sentiment', async () => {
    const bug = await analyzer.analyze('The app crashes every time I open settings, so frustrating.');
    expect(bug).to.include({ sentiment: 'negative', type: 'bug' });
    expect(bug.sentimentScore).to.be.below(0);
    expect(bug.emotions).to.include('frustration');
    const praise = await analyzer.analyze('I love the new dashboard, thank you!');
    expect(praise).to.include({ sentiment: 'positive', type: 'praise' });
    expect(praise.sentimentScore).to.be.above(0);
    expect(praise.emotions).to.include('gratitude');
    expect(await analyzer.analyze('Please add a dark mode to the editor.')).to.include({ type: 'feature_request' });
    expect(await analyzer.analyze('How do I change my billing address?')).to.include({ type: 'question', sentiment: 'neutral', sentimentScore: 0 });
  });

  it('flags a threat to leave as churn risk, never positive', async () => {
    const analysis = await analyzer.analyze('Great product, but I am cancelling my subscription and switching to a competitor.');
    expect(analysis.churnRisk).to.equal(true);
    expect(analysis.sentiment).to.not.equal('positive');
    expect((await analyzer.analyze('Great product, thanks.')).churnRisk).to.equal(false);
  });

  it('names the language by a tiny rule: script first, then everyday words, `und` without letters', async () => {
    const languages: [string, string][] = [
      ['The checkout page does not load', 'en'],
      ['La aplicación no funciona con el teclado', 'es'],
      ['Le bouton ne marche pas avec la souris', 'fr'],
      ['Die Suche ist sehr langsam und ich warte', 'de'],
      ['Приложение не работает', 'ru'],
      ['アプリが動きません', 'ja'],
      ['应用程序无法启动', 'zh'],
      ['1234 !!! ???', 'und'],
    ];
    for (const [text, language] of languages) expect((await analyzer.analyze(text)).language, text).to.equal(language);
  });

  it('is deterministic: the same text, the same analysis', async () => {
    const text = 'Search results are slow and the filters reset.';
    expect(await analyzer.analyze(text)).to.deep.equal(await analyzer.analyze(text));
    expect(await analyzer.embed(text)).to.deep.equal((await analyzer.analyze(text)).embedding);
  });

  it('puts texts sharing content words closer than texts sharing none, whatever the word forms', async () => {
    const vector = async (text: string) => (await analyzer.embed(text)).vector;
    const exports = await vector('CSV exports time out on large projects');
    const exporting = await vector('Exporting a large project to CSV timed out');
    const login = await vector('I cannot log in with my Google account');
    expect(dot(exports, exporting)).to.be.above(0.5);
    expect(dot(exports, login)).to.be.below(0.2);
    expect(dot(await vector('csv export'), exports)).to.be.above(dot(await vector('csv export'), login));
  });

  it('gives every text a unit vector, even one without content words, and ignores redaction placeholders', async () => {
    for (const text of ['', '?!', 'the and of', '[email]']) {
      const { vector } = await analyzer.embed(text);
      expect(Math.sqrt(dot(vector, vector)), JSON.stringify(text)).to.be.closeTo(1, 1e-4);
    }
    expect(await analyzer.embed('Mail [email] about the invoice')).to.deep.equal(await analyzer.embed('Mail about the invoice'));
  });

  it('loads no model and answers in about a millisecond (200 analyses well within 2 s, the offline model needs 10-15 ms each)', async () => {
    const started = performance.now();
    const fresh = new StubAnalyzer();
    for (let i = 0; i < 200; i++) await fresh.analyze(`Item ${i}: the export to CSV crashes on large files, please fix`);
    expect(performance.now() - started).to.be.below(2000);
  });
});
