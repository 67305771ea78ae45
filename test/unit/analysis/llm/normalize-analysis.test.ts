import { expect } from 'chai';
import { DEFAULT_CONFIDENCE, DEFAULT_POLAR_MAGNITUDE, normalizeAnalysis, TOPIC_MAX_LENGTH } from '../../../../src/analysis/llm/normalize-analysis.js';
import { InvalidModelOutputError } from '../../../../src/analysis/llm/llm-error.js';

const valid = { sentiment: 'negative', sentimentScore: -0.6, type: 'bug', emotions: ['frustration'], language: 'en', confidence: 0.8, churnRisk: false };

describe('normalizeAnalysis', () => {
  it('keeps a valid answer as is', () => {
    expect(normalizeAnalysis(valid)).to.deep.equal(valid);
    expect(normalizeAnalysis({ ...valid, churnRisk: true })).to.deep.equal({ ...valid, churnRisk: true });
  });

  it('given a churn risk, then true only for an explicit yes; a missing or odd value is no churn risk', () => {
    expect(normalizeAnalysis({ ...valid, churnRisk: 'true' }).churnRisk).to.equal(true);
    for (const churnRisk of [undefined, null, 'yes', 1, 'false', false, {}]) {
      expect(normalizeAnalysis({ ...valid, churnRisk }).churnRisk, JSON.stringify(churnRisk)).to.equal(false);
    }
  });

  it('given a churn risk the model read as praise, then the item is negative: a complaint with a negative score and no satisfaction; a neutral one stays neutral', () => {
    const praise = { ...valid, sentiment: 'positive', sentimentScore: 0.05, type: 'praise', emotions: ['satisfaction', 'gratitude'], churnRisk: true };
    expect(normalizeAnalysis(praise)).to.deep.include({
      sentiment: 'negative',
      sentimentScore: -0.5,
      type: 'complaint',
      emotions: ['disappointment', 'gratitude'],
    });
    const neutralQuestion = { ...valid, sentiment: 'neutral', sentimentScore: 0, type: 'question', emotions: [], churnRisk: true };
    expect(normalizeAnalysis(neutralQuestion), 'a neutral question keeps its reading').to.deep.include({
      sentiment: 'neutral',
      sentimentScore: 0,
      type: 'question',
    });
    const strongPraise = { ...praise, sentimentScore: 0.9 };
    expect(normalizeAnalysis(strongPraise).sentimentScore).to.equal(-0.9);
    expect(normalizeAnalysis({ ...praise, churnRisk: false })).to.include({ sentiment: 'positive', type: 'praise' });
  });

  it('clamps the confidence to [0, 1] and records the default when the model gives none', () => {
    expect(normalizeAnalysis({ ...valid, confidence: 1.7 }).confidence).to.equal(1);
    expect(normalizeAnalysis({ ...valid, confidence: -0.2 }).confidence).to.equal(0);
    expect(normalizeAnalysis({ ...valid, confidence: '0.35' }).confidence).to.equal(0.35);
    expect(normalizeAnalysis({ ...valid, confidence: undefined }).confidence).to.equal(DEFAULT_CONFIDENCE);
    expect(normalizeAnalysis({ ...valid, confidence: 'sure' }).confidence).to.equal(DEFAULT_CONFIDENCE);
  });

  it('keeps the topic the model named, as one clean line', () => {
    expect(normalizeAnalysis({ ...valid, topic: 'CSV export' }).topic).to.equal('CSV export');
    expect(normalizeAnalysis({ ...valid, topic: '  "Dark\nmode."  ' }).topic).to.equal('Dark mode');
    expect(normalizeAnalysis({ ...valid, topic: 'Sign\u0000 in\u200b' }).topic).to.equal('Sign in');
    expect(normalizeAnalysis({ ...valid, topic: '\ud800Sign in\udc00' }).topic, 'lone surrogates').to.equal('Sign in');
    expect(normalizeAnalysis({ ...valid, topic: 'Ｆｕｌｌ width' }).topic).to.equal('Full width');
  });

  it('records no topic when the model named none or gave no string', () => {
    for (const topic of ['General', 'none', 'N/A', ' other ', '', '...', '""', 42, null, ['Sign in'], { name: 'x' }, undefined]) {
      expect(normalizeAnalysis({ ...valid, topic }), JSON.stringify(topic)).to.not.have.property('topic');
    }
  });

  it('cuts a topic longer than TOPIC_MAX_LENGTH at a word, and never inside a surrogate pair', () => {
    const long = normalizeAnalysis({ ...valid, topic: 'Export '.repeat(40) }).topic!;
    expect(long.length).to.be.at.most(TOPIC_MAX_LENGTH);
    expect(long.endsWith('Export')).to.equal(true);
    const emoji = normalizeAnalysis({ ...valid, topic: '𠀀'.repeat(100) }).topic!;
    expect(Array.from(emoji)).to.have.length(TOPIC_MAX_LENGTH);
    expect(emoji.isWellFormed()).to.equal(true);
  });

  it('maps an unknown type to other and repairs spelling variants', () => {
    expect(normalizeAnalysis({ ...valid, type: 'suggestion' }).type).to.equal('other');
    expect(normalizeAnalysis({ ...valid, type: 42 }).type).to.equal('other');
    expect(normalizeAnalysis({ ...valid, type: 'Feature Request' }).type).to.equal('feature_request');
  });

  it('filters emotions to the fixed list, deduplicated, in list order', () => {
    const out = normalizeAnalysis({ ...valid, emotions: ['Joy', 'gratitude', 'ANGER', 'anger', 7, 'rage'] });
    expect(out.emotions).to.deep.equal(['anger', 'gratitude']);
    expect(normalizeAnalysis({ ...valid, emotions: 'anger' }).emotions).to.deep.equal([]);
  });

  it('lower-cases the language to a real ISO 639-1 code, else und', () => {
    expect(normalizeAnalysis({ ...valid, language: 'EN' }).language).to.equal('en');
    expect(normalizeAnalysis({ ...valid, language: 'pt-BR' }).language).to.equal('pt');
    expect(normalizeAnalysis({ ...valid, language: 'english' }).language).to.equal('und');
    expect(normalizeAnalysis({ ...valid, language: 'eng' }).language).to.equal('und');
    expect(normalizeAnalysis({ ...valid, language: 'qq' }).language).to.equal('und');
    expect(normalizeAnalysis({ ...valid, language: null }).language).to.equal('und');
  });

  it('clamps the score to [-1, 1]', () => {
    expect(normalizeAnalysis({ ...valid, sentimentScore: -7 }).sentimentScore).to.equal(-1);
    expect(normalizeAnalysis({ ...valid, sentiment: 'positive', sentimentScore: 3 }).sentimentScore).to.equal(1);
  });

  it('forces the sign of the score to match the sentiment', () => {
    expect(normalizeAnalysis({ ...valid, sentiment: 'positive', sentimentScore: -0.4 }).sentimentScore).to.equal(0.4);
    expect(normalizeAnalysis({ ...valid, sentiment: 'negative', sentimentScore: 0.9 }).sentimentScore).to.equal(-0.9);
    expect(normalizeAnalysis({ ...valid, sentiment: 'neutral', sentimentScore: 0.3 }).sentimentScore).to.equal(0);
    expect(normalizeAnalysis({ ...valid, sentiment: 'positive', sentimentScore: 0 }).sentimentScore).to.equal(DEFAULT_POLAR_MAGNITUDE);
    expect(normalizeAnalysis({ ...valid, sentiment: 'negative', sentimentScore: 0 }).sentimentScore).to.equal(-DEFAULT_POLAR_MAGNITUDE);
  });

  it('accepts a case variant of the sentiment and a numeric string score', () => {
    const out = normalizeAnalysis({ ...valid, sentiment: ' Positive ', sentimentScore: '0.25' });
    expect(out.sentiment).to.equal('positive');
    expect(out.sentimentScore).to.equal(0.25);
  });

  const untrustworthy: Array<[string, unknown]> = [
    ['a non-object', 'negative'],
    ['an array', [valid]],
    ['null', null],
    ['an unknown sentiment', { ...valid, sentiment: 'mixed' }],
    ['a missing sentiment', { ...valid, sentiment: undefined }],
    ['a missing score', { ...valid, sentimentScore: undefined }],
    ['a non-numeric score', { ...valid, sentimentScore: 'very' }],
    ['a non-finite score', { ...valid, sentimentScore: Number.NaN }],
  ];
  for (const [what, raw] of untrustworthy) {
    it(`rejects ${what} as invalid output`, () => {
      expect(() => normalizeAnalysis(raw)).to.throw(InvalidModelOutputError);
    });
  }
});
