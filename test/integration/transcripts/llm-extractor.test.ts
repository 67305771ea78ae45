import { expect } from 'chai';
import { LLM_CONFIG_DEFAULTS } from '../../../src/analysis/llm/llm-config.js';
import { LlmQuoteExtractor, windowsOf, LLM_WINDOW_CHARS } from '../../../src/transcripts/extraction/llm-extractor.js';
import { ExtractionFailure, type ExtractionTurn } from '../../../src/transcripts/extraction/quote-extractor.js';
import { failures, OpenAIStub } from '../../support/openai-stub.js';

const turns: ExtractionTurn[] = [
  { speaker: 'me', text: 'Hi Dana, how is the export working for you?', startSec: 0 },
  { speaker: 'them', text: 'Honestly the export keeps failing   when we have more than 10k rows.\nIt is painful.', startSec: 4 },
  { speaker: 'me', text: 'We know the export is slow, sorry about that.', startSec: 12 },
  { speaker: 'them', text: 'The new dashboard is great though.', startSec: 15 },
];

/** The LLM path of extraction (ANALYZER=llm) against a local OpenAI-compatible stub: the verbatim check and the failure codes. */
describe('LLM quote extractor against a local OpenAI-compatible stub', () => {
  let stub: OpenAIStub;
  let extractor: LlmQuoteExtractor;

  before(async () => {
    stub = await OpenAIStub.start();
    extractor = new LlmQuoteExtractor(
      { ...LLM_CONFIG_DEFAULTS, apiKey: 'test-key', baseURL: stub.baseURL, chatModel: 'stub-chat', maxAttempts: 2, initialBackoffMs: 1 },
      { sleep: () => Promise.resolve() },
    );
  });
  after(() => stub.close());

  it("keeps a quote only when it is verbatim (white space folded) in a customer turn: paraphrases, inventions and the rep's words are dropped", async () => {
    stub.answerNext({
      internal: false,
      quotes: [
        { quote: 'the export keeps failing when we have more than 10k rows.' },
        { quote: 'The export fails with large files.' },
        { quote: 'We know the export is slow' },
        { quote: 'The new dashboard is great though.' },
        { quote: 'The new dashboard is great though.' },
        { quote: '   ' },
      ],
    });
    const before = stub.chatRequests.length;
    const result = await extractor.extract(turns);
    expect(extractor.name).to.equal('llm:stub-chat');
    expect(result).to.deep.equal({
      internal: false,
      quotes: [
        { text: 'the export keeps failing when we have more than 10k rows.', turnIndex: 1, startSec: 4 },
        { text: 'The new dashboard is great though.', turnIndex: 3, startSec: 15 },
      ],
    });
    const sent = JSON.stringify(stub.chatRequests.slice(before).map((request) => request.body));
    expect(sent).to.include('[2] Customer: Honestly the export keeps failing when we have more than 10k rows. It is painful.');
    expect(sent).to.include('[3] Rep: We know the export is slow');
    expect(sent).to.include('json_schema');
  });

  it('the call is internal when the model says so', async () => {
    stub.answerNext({ internal: true, quotes: [] });
    expect(await extractor.extract(turns)).to.deep.equal({ internal: true, quotes: [] });
  });

  it('provider errors after the retries are ExtractionFailure provider_5xx', async () => {
    stub.failNext(2, failures.serverError(503));
    const error = await extractor.extract(turns).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(ExtractionFailure);
    expect((error as ExtractionFailure).code).to.equal('provider_5xx');
  });

  it('an answer that does not fit the schema, or a 4xx refusing it, is ExtractionFailure schema_refused', async () => {
    for (const arrange of [() => stub.failNext(2, failures.malformed()), () => stub.failNext(1, failures.badRequest(400))]) {
      arrange();
      const error = await extractor.extract(turns).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as ExtractionFailure).code).to.equal('schema_refused');
    }
    stub.answerNext({ internal: 'no', quotes: 'none' });
    stub.answerNext({ internal: false, quotes: [{ text: 'wrong field' }] });
    const error = await extractor.extract(turns).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as ExtractionFailure).code).to.equal('schema_refused');
  });

  it('a long call is sent in windows of whole turns', () => {
    const long: ExtractionTurn[] = Array.from({ length: 30 }, (_, i) => ({ speaker: 'them', text: `turn ${i} ${'x'.repeat(2000)}`, startSec: i }));
    const windows = windowsOf(long);
    expect(windows.length).to.be.greaterThan(1);
    for (const window of windows) expect(window.length).to.be.at.most(LLM_WINDOW_CHARS);
    expect(windows.join('\n').split('\n')).to.have.length(30);
  });
});
