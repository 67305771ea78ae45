import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Runnable } from '@langchain/core/runnables';
import type { LlmConfig } from '../../analysis/llm/llm-config.js';
import { InvalidModelOutputError, LlmCallError } from '../../analysis/llm/llm-error.js';
import { createChatModel } from '../../analysis/llm/openai-clients.js';
import { retryPolicyFor, withRetry, type RetryDeps, type RetryPolicy } from '../../analysis/llm/retry.js';
import { ExtractionFailure, type ExtractionResult, type ExtractionTurn, type Quote, type QuoteExtractor } from './quote-extractor.js';
import { verbatimQuote } from './verbatim.js';

/** A call is sent in windows of whole turns of about this many characters (a 2 MB call would not fit one prompt). */
export const LLM_WINDOW_CHARS = 24_000;

export const QUOTES_SCHEMA_NAME = 'call_quotes';
export const QUOTES_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['internal', 'quotes'],
  properties: {
    internal: { type: 'boolean', description: 'True when this is an internal meeting of one company, not a call with a customer.' },
    quotes: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['quote'], properties: { quote: { type: 'string' } } },
    },
  },
} as const;

export const QUOTES_SYSTEM_PROMPT = [
  'You read a sales or customer-success call. Lines are numbered; "Customer" lines are the customer, "Rep" lines the company.',
  'Return every passage in which the CUSTOMER gives product feedback: a problem, a complaint, a request or wish, or praise.',
  'Copy each quote exactly, character for character, from one Customer line; adjacent feedback sentences of one line form one quote.',
  'Never quote Rep lines, small talk, logistics or plain questions. Do not paraphrase, translate or fix spelling.',
  'Set internal to true only when the call is an internal meeting (stand-up, planning, 1:1) with no customer.',
].join(' ');

const roleOf = (turn: ExtractionTurn) => (turn.speaker === 'them' ? 'Customer' : turn.speaker === 'me' ? 'Rep' : 'Unknown');

/** Whole turns, `LLM_WINDOW_CHARS` at most per window (a longer turn is a window of its own). */
export function windowsOf(turns: readonly ExtractionTurn[]): string[] {
  const windows: string[] = [];
  let lines: string[] = [];
  let size = 0;
  turns.forEach((turn, index) => {
    const line = `[${index + 1}] ${roleOf(turn)}: ${turn.text.replace(/\s+/g, ' ')}`;
    if (size + line.length > LLM_WINDOW_CHARS && lines.length > 0) {
      windows.push(lines.join('\n'));
      lines = [];
      size = 0;
    }
    lines.push(line);
    size += line.length + 1;
  });
  if (lines.length > 0) windows.push(lines.join('\n'));
  return windows;
}

/**
 * Quotes proposed by a model on any OpenAI-compatible server (`ANALYZER=llm`), each kept only when it
 * is verbatim (white space folded) a substring of a customer turn: paraphrases, inventions and the
 * rep's words are dropped. The call is internal when every window says so. Failures after retries
 * become codes: `schema_refused` (the answer did not fit the schema, or the server refused it with a
 * 4xx), else the failure's own code (`provider_5xx`, `rate_limited`, `timeout`, `network`).
 */
export class LlmQuoteExtractor implements QuoteExtractor {
  readonly name: string;
  private readonly chat: Runnable<BaseLanguageModelInput, Record<string, unknown>>;
  private readonly policy: RetryPolicy;

  constructor(config: LlmConfig, deps: RetryDeps = {}) {
    this.name = `llm:${config.chatModel}`;
    this.chat = createChatModel(config).withStructuredOutput(QUOTES_JSON_SCHEMA, { name: QUOTES_SCHEMA_NAME, method: 'jsonSchema', strict: true });
    this.policy = retryPolicyFor(config, deps);
  }

  async extract(turns: readonly ExtractionTurn[]): Promise<ExtractionResult> {
    const quotes: Quote[] = [];
    const seen = new Set<string>();
    let internalWindows = 0;
    const windows = windowsOf(turns);
    for (const window of windows) {
      const answer = await this.ask(window);
      if (answer.internal) internalWindows++;
      for (const proposed of answer.quotes) {
        const quote = verbatimQuote(proposed, turns);
        if (!quote || seen.has(`${quote.turnIndex}\u0000${quote.text}`)) continue;
        seen.add(`${quote.turnIndex}\u0000${quote.text}`);
        quotes.push(quote);
      }
    }
    return { internal: windows.length > 0 && internalWindows === windows.length, quotes };
  }

  private async ask(window: string): Promise<{ internal: boolean; quotes: string[] }> {
    try {
      return await withRetry('chat', this.policy, async () =>
        parseAnswer(
          await this.chat.invoke([
            { role: 'system', content: QUOTES_SYSTEM_PROMPT },
            { role: 'user', content: window },
          ]),
        ),
      );
    } catch (error) {
      if (error instanceof LlmCallError) {
        throw new ExtractionFailure(error.reason === 'invalid_output' || error.reason === 'provider_4xx' ? 'schema_refused' : error.reason);
      }
      throw error;
    }
  }
}

function parseAnswer(answer: Record<string, unknown>): { internal: boolean; quotes: string[] } {
  const { internal, quotes } = answer;
  if (typeof internal !== 'boolean' || !Array.isArray(quotes)) throw new InvalidModelOutputError('quotes answer does not match its schema');
  return {
    internal,
    quotes: quotes.map((entry) => {
      const quote = (entry as { quote?: unknown } | null)?.quote;
      if (typeof quote !== 'string') throw new InvalidModelOutputError('a quote is not a string');
      return quote;
    }),
  };
}
