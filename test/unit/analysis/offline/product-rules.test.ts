import { expect } from 'chai';
import { productSignals } from '../../../../src/analysis/offline/rules/product-signals.js';
import { combineSentiment, ruleAdjustedLexicon } from '../../../../src/analysis/offline/sentiment/combine-sentiment.js';

describe('product-language rules', () => {
  it('recognises failures that lexicons score as neutral', () => {
    expect(productSignals('It crashes on startup').crash).to.equal(true);
    expect(productSignals('The app freezes').crash).to.equal(true);
    expect(productSignals('Keeps logging me out').malfunction).to.equal(true);
    expect(productSignals("Export doesn't work").malfunction).to.equal(true);
    expect(productSignals('Syncing takes forever').slow).to.equal(true);
    expect(productSignals('It dies the moment I tap a raw picture').crash).to.equal(true);
    expect(productSignals('the app keeps dying on my tablet').crash).to.equal(true);
    expect(productSignals('When I save my edit it comes out pixelated').malfunction).to.equal(true);
    expect(productSignals('Exports look blurrier than the preview').malfunction).to.equal(true);
    expect(productSignals('the shopping list keeps duplicating items').malfunction).to.equal(true);
    expect(productSignals('My grandmother died last year, this app helped').crash, 'a person dying is no crash').to.equal(false);
  });

  it('recognises requests', () => {
    for (const text of ['Please add dark mode', 'Would be great if it had tags', 'I wish it had a widget', 'Can you add CSV export?']) {
      expect(productSignals(text).featureRequest, text).to.equal(true);
    }
    expect(productSignals('I love the dark mode').featureRequest).to.equal(false);
  });

  it('pulls the lexicon score negative for failures', () => {
    expect(ruleAdjustedLexicon(0, productSignals('It crashes constantly'))).to.be.lessThan(0);
  });

  it('never makes a plain request negative', () => {
    const result = combineSentiment({ pPositive: 0.1, pNeutral: 0.3, pNegative: 0.6 }, productSignals('Please add dark mode'), 0.3);
    expect(result.sentiment).to.equal('neutral');
    expect(result.score).to.equal(0);
  });

  it('keeps the score sign consistent with the sentiment', () => {
    const negative = combineSentiment({ pPositive: 0.45, pNeutral: 0.05, pNegative: 0.5 }, productSignals('fine'), 0.9);
    expect(negative.sentiment).to.equal('negative');
    expect(negative.score).to.be.lessThan(0).and.at.least(-1);
    const positive = combineSentiment({ pPositive: 0.5, pNeutral: 0.05, pNegative: 0.45 }, productSignals('it crashes'), -0.9);
    expect(positive.sentiment).to.equal('positive');
    expect(positive.score).to.be.greaterThan(0).and.at.most(1);
  });
});
