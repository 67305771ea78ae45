import { expect } from 'chai';
import { LlmCallError } from '../../../../src/analysis/llm/llm-error.js';
import { LABEL_PROMPT_LIMITS, LlmLabeler } from '../../../../src/analysis/llm/llm-labeler.js';
import { MAX_LABEL_CHARS, normalizeLabel } from '../../../../src/analysis/llm/normalize-label.js';
import { InvalidModelOutputError } from '../../../../src/analysis/llm/llm-error.js';
import { failures, OpenAIStub } from '../../../support/openai-stub.js';
import { recordingDeps, stubConfig } from './helpers.js';

const cluster = {
  texts: ['Checkout crashes when I pay', 'App crashed during checkout', 'Crash at payment step'],
  terms: ['checkout', 'crash', 'payment'],
};

describe('LlmLabeler (against the local OpenAI stub)', () => {
  let stub: OpenAIStub;

  before(async () => {
    stub = await OpenAIStub.start();
  });
  afterEach(() => stub.reset());
  after(async () => {
    await stub.close();
  });

  const labeler = (overrides = {}) => new LlmLabeler(stubConfig(stub.baseURL, overrides), recordingDeps());

  it('returns a short label of 2 to 6 words in one call', async () => {
    const label = await labeler().label(cluster);
    expect(label).to.equal('Checkout Crash Payment');
    const words = label.split(' ');
    expect(words.length).to.be.within(2, 6);
    expect(label.length).to.be.at.most(MAX_LABEL_CHARS);
    expect(stub.chatRequests).to.have.length(1);
    expect(stub.chatRequests[0].body.model).to.equal('stub-chat-1');
    expect(stub.chatRequests[0].body.response_format).to.equal(undefined);
  });

  it('sends a bounded sample of the cluster', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `text ${i} ${'x'.repeat(1000)}`);
    await labeler().label({ texts, terms: cluster.terms });
    const prompt: string = stub.chatRequests[0].body.messages.at(-1).content;
    expect(prompt.match(/^- text/gm)).to.have.length(LABEL_PROMPT_LIMITS.texts);
    expect(prompt.length).to.be.below(LABEL_PROMPT_LIMITS.texts * (LABEL_PROMPT_LIMITS.charsPerText + 10) + 200);
  });

  it('trims a chatty reply to a clean, short label', async () => {
    stub.answerNext('  Label: "Checkout crashes during the payment step on mobile devices for many users."\nBecause...');
    const label = await labeler().label(cluster);
    expect(label).to.equal('Checkout crashes during the payment step');
  });

  it('retries a 503 and an empty reply under the same policy', async () => {
    stub.failNext(1, failures.serverError(503));
    stub.answerNext('   ');
    const label = await labeler().label(cluster);
    expect(label).to.equal('Checkout Crash Payment');
    expect(stub.chatRequests).to.have.length(3);
  });

  it('fails with a typed error on a 401 without retrying', async () => {
    stub.failNext(1, failures.badRequest(401));
    const error = await labeler()
      .label(cluster)
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(LlmCallError).and.include({ reason: 'provider_4xx', attempts: 1 });
    expect(stub.chatRequests).to.have.length(1);
  });
});

describe('normalizeLabel', () => {
  it('caps the label at 60 characters on a word boundary', () => {
    const label = normalizeLabel('Extraordinarily lengthy description regarding intermittent synchronisation');
    expect(label.length).to.be.at.most(MAX_LABEL_CHARS);
    expect(label).to.equal('Extraordinarily lengthy description regarding intermittent');
  });

  it('hard-cuts a single overlong word', () => {
    expect(normalizeLabel('x'.repeat(100))).to.have.length(MAX_LABEL_CHARS);
  });

  it('strips quotes, markdown and trailing punctuation', () => {
    expect(normalizeLabel('**“Dark mode requests.”**')).to.equal('Dark mode requests');
  });

  it('rejects an empty reply as invalid output', () => {
    expect(() => normalizeLabel(' \n "" ')).to.throw(InvalidModelOutputError);
  });
});
