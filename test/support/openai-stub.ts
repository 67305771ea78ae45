/**
 * A local OpenAI-compatible server for tests (127.0.0.1, ephemeral port, no network beyond loopback).
 *
 * - `POST /v1/chat/completions`: a structured analysis derived from the last user message by keyword rules
 *   ('crash' → bug/negative…), answered in the style requested: `response_format` json_schema/json_object
 *   (JSON in `content`) or a forced tool call (JSON in `tool_calls[0].function.arguments`). Requests with neither
 *   get a plain-text theme label built from the `Terms:` line of the prompt.
 * - `POST /v1/embeddings`: deterministic unit vectors of the requested `dimensions` (float or base64).
 * - Scriptable: `failNext` makes the next N calls of an endpoint fail; `answerNext` overrides the next answers.
 * - Records every request (path, headers, parsed body) for assertions.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubEndpoint = 'chat' | 'embeddings';

export interface RecordedRequest {
  endpoint: StubEndpoint | 'other';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** `malformed`: a 200 whose payload is not valid JSON (chat) or has the wrong length (embeddings). */
export type StubFailure = { kind: 'status'; status: number; retryAfterSeconds?: number } | { kind: 'malformed' } | { kind: 'delay'; ms: number };

export const failures = {
  rateLimited: (retryAfterSeconds?: number): StubFailure => ({ kind: 'status', status: 429, retryAfterSeconds }),
  serverError: (status = 500): StubFailure => ({ kind: 'status', status }),
  badRequest: (status = 400): StubFailure => ({ kind: 'status', status }),
  malformed: (): StubFailure => ({ kind: 'malformed' }),
  /** Answers normally, but only after `ms` (to trigger client timeouts). */
  delay: (ms: number): StubFailure => ({ kind: 'delay', ms }),
};

export interface StubAnalysis {
  sentiment: string;
  sentimentScore: number;
  type: string;
  emotions: string[];
  language: string;
  topic: string;
  churnRisk: boolean;
}

/** The service's environment for `ANALYZER=llm` against `stub` (64-dimension embeddings, two attempts). */
export const llmEnvFor = (stub: OpenAIStub): Record<string, string> => ({
  ANALYZER: 'llm',
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: stub.baseURL,
  OPENAI_CHAT_MODEL: 'stub-chat',
  OPENAI_EMBEDDING_MODEL: 'stub-embed',
  OPENAI_EMBEDDING_DIMENSIONS: '64',
  OPENAI_MAX_ATTEMPTS: '2',
});

export class OpenAIStub {
  readonly requests: RecordedRequest[] = [];
  private readonly failureQueue: Record<StubEndpoint | 'analysis', StubFailure[]> = { chat: [], embeddings: [], analysis: [] };
  private readonly answerQueue: unknown[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseURL: string,
  ) {}

  static async start(): Promise<OpenAIStub> {
    // eslint-disable-next-line prefer-const -- assigned once the port is known; the handler closes over it
    let stub: OpenAIStub | undefined;
    const server = createServer((req, res) => {
      void stub!.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    stub = new OpenAIStub(server, `http://127.0.0.1:${port}/v1`);
    return stub;
  }

  /**
   * Makes the next `count` calls to `endpoint` fail with `failure`; `analysis`: only the chat calls that
   * analyse an item, not those naming a theme the service may be making meanwhile.
   */
  failNext(count: number, failure: StubFailure, endpoint: StubEndpoint | 'analysis' = 'chat'): void {
    for (let i = 0; i < count; i++) this.failureQueue[endpoint].push(failure);
  }

  /** Overrides the next chat answer: an object is sent as the JSON answer, a string as the raw content. */
  answerNext(answer: unknown): void {
    this.answerQueue.push(answer);
  }

  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.endpoint === 'chat');
  }

  /** The chat calls that analyse an item (not those naming a theme or extracting from a call). */
  get analysisRequests(): RecordedRequest[] {
    return this.requests.filter(isAnalysisCall);
  }

  get embeddingRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.endpoint === 'embeddings');
  }

  reset(): void {
    this.requests.length = 0;
    this.failureQueue.chat.length = 0;
    this.failureQueue.embeddings.length = 0;
    this.failureQueue.analysis.length = 0;
    this.answerQueue.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    const endpoint: RecordedRequest['endpoint'] =
      req.method === 'POST' && path === '/v1/chat/completions' ? 'chat' : req.method === 'POST' && path === '/v1/embeddings' ? 'embeddings' : 'other';
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    this.requests.push({ endpoint, method: req.method ?? '', path, headers: req.headers, body });
    if (endpoint === 'other') return sendJson(res, 404, errorBody('not_found', `no route for ${req.method} ${path}`));

    const failure = (isAnalysisCall({ endpoint, body }) ? this.failureQueue.analysis.shift() : undefined) ?? this.failureQueue[endpoint].shift();
    if (failure?.kind === 'status') {
      const headers = failure.retryAfterSeconds !== undefined ? { 'retry-after': String(failure.retryAfterSeconds) } : undefined;
      return sendJson(res, failure.status, errorBody(failure.status === 429 ? 'rate_limit_exceeded' : 'stub_error', `scripted ${failure.status}`), headers);
    }
    if (failure?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, failure.ms));
    if (res.destroyed) return;
    const malformed = failure?.kind === 'malformed';
    if (endpoint === 'chat') return sendJson(res, 200, this.chatCompletion(body, malformed));
    return sendJson(res, 200, embeddingsResponse(body, malformed));
  }

  private chatCompletion(body: any, malformed: boolean): unknown {
    const prompt = lastUserMessage(body?.messages);
    const tool = body?.tools?.[0]?.function?.name as string | undefined;
    const wantsJson = body?.response_format?.type === 'json_schema' || body?.response_format?.type === 'json_object';
    const override = malformed ? undefined : this.answerQueue.shift();

    let content: string;
    if (malformed) content = '{"sentiment": "negative", "type": ';
    else if (override !== undefined) content = typeof override === 'string' ? override : JSON.stringify(override);
    else if (tool || wantsJson) content = JSON.stringify(deriveAnalysis(prompt));
    else content = deriveLabel(prompt);

    const message = tool
      ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_stub_1', type: 'function', function: { name: tool, arguments: content } }] }
      : { role: 'assistant', content, refusal: null };
    return {
      id: `chatcmpl-stub-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body?.model ?? 'unknown',
      choices: [{ index: 0, message, logprobs: null, finish_reason: tool ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  }
}

/** The product area a few words name, in English whatever the language, as the analyzer's prompt asks; else "General". */
const STUB_TOPICS: [RegExp, string][] = [
  [/sign in|log ?in|password|iniciar sesi[oó]n|connexion|anmeld/, 'Sign in'],
  [/dark (mode|theme)|modo oscuro|mode sombre|dunkelmodus/, 'Dark mode'],
  [/export/, 'Data export'],
  [/checkout|payment|pago|paiement|zahlung/, 'Checkout'],
];

/** Keyword rules good enough to make answers plausible and assertable. */
export function deriveAnalysis(text: string): StubAnalysis {
  return {
    ...deriveClassification(text),
    topic: STUB_TOPICS.find(([pattern]) => pattern.test(text.toLowerCase()))?.[1] ?? 'General',
    churnRisk: STUB_CHURN_THREATS.test(text.toLowerCase()),
  };
}

/** Threats to leave, in the stub's few words. Its sentiment rules ignore them: "love it, but we are leaving" stays positive for the analyzer to correct. */
const STUB_CHURN_THREATS = /cancel (my|our) subscription|switch(ing)? to a competitor|(won't|not) renew|close my account|we are leaving|résilie|kündige/;

function deriveClassification(text: string): Omit<StubAnalysis, 'topic' | 'churnRisk'> {
  const t = text.toLowerCase();
  const has = (...words: string[]) => words.some((w) => t.includes(w));
  const language = has(' le ', ' la ', ' est ', "l'", ' ne ', 'merci')
    ? 'fr'
    : has(' der ', ' die ', ' das ', ' ist ', 'nicht', 'danke')
      ? 'de'
      : has(' el ', ' es ', ' no ', 'gracias')
        ? 'es'
        : 'en';
  if (has('crash', 'bug', 'error', 'broken', 'fails', 'abstürz', 'plante')) {
    return { sentiment: 'negative', sentimentScore: -0.7, type: 'bug', emotions: ['frustration'], language };
  }
  if (has('terrible', 'worst', 'expensive', 'refund', 'slow', 'awful')) {
    return { sentiment: 'negative', sentimentScore: -0.8, type: 'complaint', emotions: ['anger', 'disappointment'], language };
  }
  if (has('please add', 'would be nice', 'feature', 'wish', 'could you add')) {
    return { sentiment: 'neutral', sentimentScore: 0, type: 'feature_request', emotions: [], language };
  }
  if (has('love', 'great', 'thank', 'awesome', 'excellent', 'merci', 'danke', 'gracias')) {
    return { sentiment: 'positive', sentimentScore: 0.8, type: 'praise', emotions: ['satisfaction', 'gratitude'], language };
  }
  if (t.includes('?') || has('how do i', 'how can i')) {
    return { sentiment: 'neutral', sentimentScore: 0, type: 'question', emotions: ['confusion'], language };
  }
  return { sentiment: 'neutral', sentimentScore: 0, type: 'other', emotions: [], language };
}

/** A title-cased label from the first terms of a `Terms: a, b, c` line. */
export function deriveLabel(prompt: string): string {
  const terms =
    /^Terms:\s*(.*)$/m
      .exec(prompt)?.[1]
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  const words = terms.length > 0 ? terms.slice(0, 3) : ['general', 'feedback'];
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') + (words.length === 1 ? ' issues' : '');
}

/** A deterministic unit vector for `text` (same text and dimension → same vector). */
export function stubVector(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block++) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < dimensions; i += 2) values.push(digest.readUInt16LE(i) / 65535 - 0.5);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

const DEFAULT_STUB_DIMENSIONS = 1536;

function embeddingsResponse(body: any, malformed: boolean): unknown {
  const inputs: string[] = Array.isArray(body?.input) ? body.input : [String(body?.input ?? '')];
  const dimensions = Number.isInteger(body?.dimensions) ? body.dimensions : DEFAULT_STUB_DIMENSIONS;
  const data = inputs.map((input, index) => {
    const vector = stubVector(input, malformed ? Math.max(1, dimensions - 1) : dimensions);
    const embedding = body?.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  return { object: 'list', data, model: body?.model ?? 'unknown', usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } };
}

/** A chat call that asks for the analysis schema (`feedback_analysis`), as a response format or a forced tool. */
function isAnalysisCall(request: Pick<RecordedRequest, 'endpoint' | 'body'>): boolean {
  return request.endpoint === 'chat' && JSON.stringify(request.body?.response_format ?? request.body?.tools ?? '').includes('feedback_analysis');
}

function lastUserMessage(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const user = [...messages].reverse().find((m) => m?.role === 'user');
  if (typeof user?.content === 'string') return user.content;
  if (Array.isArray(user?.content)) return user.content.map((part: any) => part?.text ?? '').join(' ');
  return '';
}

function errorBody(code: string, message: string): unknown {
  return { error: { message, type: code, param: null, code } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
