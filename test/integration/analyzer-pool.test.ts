import { expect } from 'chai';
import type { Analysis } from '../../src/analysis/analyzer.js';
import { AnalyzerPool } from '../../src/analysis/offline/analyzer-pool.js';
import { loadThreadedAnalyzer, ThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';

const largestDifference = (a: number[], b: number[]) => {
  expect(a).to.have.length(b.length);
  return Math.max(...a.map((x, i) => Math.abs(x - b[i])));
};

describe('AnalyzerPool: the offline analyzer on several threads (ANALYZER_THREADS)', function () {
  this.timeout(120_000);
  let threads: ThreadedAnalyzer[];
  let pool: AnalyzerPool;

  before(async () => {
    threads = await Promise.all([ThreadedAnalyzer.start(), ThreadedAnalyzer.start()]);
    pool = new AnalyzerPool(threads);
  });

  it('given two idle threads, when four calls are made at once, then each thread gets two', async () => {
    const calls = ['The export keeps failing', 'Love the dark mode', 'Please add SSO', 'Billing charged me twice'].map((text) => pool.analyze(text));
    expect(threads.map((thread) => thread.waiting)).to.deep.equal([2, 2]);
    await Promise.all(calls);
    expect(threads.map((thread) => thread.waiting)).to.deep.equal([0, 0]);
  });

  it('answers as the single-thread analyzer does, for analyses and embeddings', async () => {
    const single = await loadThreadedAnalyzer();
    const texts = ['The app crashes when I upload a photo', 'Der Kundenservice war großartig', 'How do I export to CSV?'];
    const [pooled, alone] = await Promise.all([Promise.all(texts.map((text) => pool.analyze(text))), Promise.all(texts.map((text) => single.analyze(text)))]);
    const withoutEmbedding = ({ embedding: _embedding, ...rest }: Analysis) => rest;
    expect(pooled.map(withoutEmbedding)).to.deep.equal(alone.map(withoutEmbedding));
    // A model call pads its batch to the longest text, so another batching moves the last printed digit.
    pooled.forEach((analysis, i) => expect(largestDifference(analysis.embedding.vector, alone[i].embedding.vector)).to.be.below(1e-4));
    expect(largestDifference((await pool.embed(texts[0])).vector, (await single.embed(texts[0])).vector)).to.be.below(1e-4);
  });

  it('refuses to start without a thread', () => {
    expect(() => new AnalyzerPool([])).to.throw(/at least one thread/);
  });
});
