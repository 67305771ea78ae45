/**
 * `test/eval/llm-live.ts` measures the LLM path with a real model, which cannot run here. Its plumbing runs
 * against the local OpenAI stub: every item analysed once, the LLM layout clustered, answers cached so a
 * rerun makes no call. The stub's answers are rules, so the figures themselves mean nothing here.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LlmAnalyzer } from '../../src/analysis/llm/llm-analyzer.js';
import { CachedAnalyzer, evaluateThemesLive } from '../eval/llm-live.js';
import { OpenAIStub } from '../support/openai-stub.js';
import { stubConfig } from '../unit/analysis/llm/helpers.js';

describe('llm-live evaluation against the local OpenAI stub', function () {
  this.timeout(120_000);
  let stub: OpenAIStub;
  let dir: string;

  before(async () => {
    stub = await OpenAIStub.start();
    dir = await mkdtemp(path.join(tmpdir(), 'llm-live-'));
  });
  after(async () => {
    await stub.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('given the first-week sets, then each is clustered on the LLM layout, and a rerun from the cache calls nothing', async () => {
    const cache = path.join(dir, 'cache.json');
    const first = await CachedAnalyzer.open(new LlmAnalyzer(stubConfig(stub.baseURL)), cache);
    const results = await evaluateThemesLive(first, ['first-week']);
    await first.save();

    expect(results.map((r) => r.set)).to.deep.equal(['food-delivery', 'mixed-language', 'mobile-banking', 'saas-analytics']);
    for (const r of results) {
      expect(r.f1).to.be.within(0, 1);
      expect(r.alone).to.be.within(0, 1);
      expect(r.f1ByJoin).to.have.length(6);
      for (const f1 of r.f1ByJoin) expect(f1).to.be.within(0, 1);
    }
    // The stub names a topic for the sign-in, export, dark-mode and payment reports only.
    expect(results.some((r) => r.withTopic > 0)).to.equal(true);
    const calls = stub.chatRequests.length;
    expect(calls).to.be.greaterThan(150);
    // Each item in turn is told the topics named before it, as the analysis worker tells the model.
    const told = stub.chatRequests.filter((r) => JSON.stringify(r.body.messages).includes('already has, most frequent first'));
    expect(told.length).to.be.within(1, calls - 4);
    expect(JSON.stringify(told.at(-1)!.body.messages)).to.match(/\[\\"(Sign in|Data export|Dark mode|Checkout)\\"/);
    expect(stub.embeddingRequests).to.have.length(calls);

    const again = await CachedAnalyzer.open(new LlmAnalyzer(stubConfig(stub.baseURL)), cache);
    expect(await evaluateThemesLive(again, ['first-week'])).to.deep.equal(results);
    expect(stub.chatRequests).to.have.length(calls);
  });
});
