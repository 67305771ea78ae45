/**
 * A local stand-in for a self-hosted embedding server (Ollama, vLLM, TEI, llama.cpp, LocalAI): a real HTTP server
 * on 127.0.0.1 that speaks OpenAI's `POST /v1/embeddings`. It answers deterministic unit vectors (`stubVector`,
 * the same as the OpenAI stub's) of its own size, like a server whose model has a fixed size, and can be
 * scripted to misbehave request by request: never answer, answer a status, answer any body, or answer a
 * well-formed answer edited on the way out.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stubVector } from './openai-stub.js';

export interface EmbeddingsAnswer {
  object: 'list';
  model: string;
  data: { object: 'embedding'; index: number; embedding: unknown }[];
}

export type Scripted =
  | { kind: 'hang' }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  | { kind: 'body'; body: string; contentType: string }
  | { kind: 'edit'; edit: (answer: EmbeddingsAnswer) => unknown };

export const behave = {
  /** Reads the request and never answers (the client's timeout must end it). */
  hang: (): Scripted => ({ kind: 'hang' }),
  status: (status: number, headers?: Record<string, string>): Scripted => ({ kind: 'status', status, headers }),
  /** A 200 with any body. */
  body: (body: string, contentType = 'application/json'): Scripted => ({ kind: 'body', body, contentType }),
  /** The answer the server would give, changed by `edit` (its result is sent as JSON). */
  edit: (edit: (answer: EmbeddingsAnswer) => unknown): Scripted => ({ kind: 'edit', edit }),
};

export interface EmbeddingsRequest {
  headers: IncomingHttpHeaders;
  body: any;
  at: number;
}

export class EmbeddingsStub {
  readonly requests: EmbeddingsRequest[] = [];
  private readonly script: Scripted[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseURL: string,
    /** The size of every vector the model makes, whatever `dimensions` a request names (unless `honoursDimensions`). */
    public dimensions: number,
    /** A Matryoshka model: the `dimensions` parameter sets the size. */
    public honoursDimensions: boolean,
    /** A server that answers 400 to any request naming `dimensions` (vLLM with a model without Matryoshka support). */
    public refusesDimensions: boolean,
  ) {}

  static async start(options: { dimensions?: number; honoursDimensions?: boolean; refusesDimensions?: boolean } = {}): Promise<EmbeddingsStub> {
    // eslint-disable-next-line prefer-const -- assigned once the port is known; the handler closes over it
    let stub: EmbeddingsStub | undefined;
    const server = createServer((req, res) => void stub!.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    stub = new EmbeddingsStub(
      server,
      `http://127.0.0.1:${port}/v1`,
      options.dimensions ?? 768,
      options.honoursDimensions ?? false,
      options.refusesDimensions ?? false,
    );
    return stub;
  }

  /** The next requests get these behaviours, in order; then the server answers normally again. */
  next(...behaviours: Scripted[]): void {
    this.script.push(...behaviours);
  }

  /** Every text the server was sent, in order. */
  get inputs(): string[] {
    return this.requests.flatMap((r) => r.body?.input ?? []);
  }

  reset(): void {
    this.requests.length = 0;
    this.script.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return send(res, 404, 'application/json', '{"error":{"message":"not found"}}');
    this.requests.push({ headers: req.headers, body, at: Date.now() });
    if (this.refusesDimensions && body?.dimensions !== undefined) {
      return send(res, 400, 'application/json', JSON.stringify({ error: { message: 'Model does not support matryoshka representation' } }));
    }
    const scripted = this.script.shift();
    if (scripted?.kind === 'hang') return;
    if (scripted?.kind === 'status') return send(res, scripted.status, 'application/json', '{"error":{"message":"scripted"}}', scripted.headers);
    if (scripted?.kind === 'body') return send(res, 200, scripted.contentType, scripted.body);
    const answer = this.answer(body);
    send(res, 200, 'application/json', JSON.stringify(scripted?.kind === 'edit' ? scripted.edit(answer) : answer));
  }

  private answer(body: any): EmbeddingsAnswer {
    const inputs: string[] = Array.isArray(body?.input) ? body.input : [String(body?.input ?? '')];
    const size = this.honoursDimensions && Number.isInteger(body?.dimensions) ? body.dimensions : this.dimensions;
    return {
      object: 'list',
      model: body?.model ?? 'unknown',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: stubVector(input, size) })),
    };
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** The service's environment for vectors from `stub` under `model`. */
export const embeddingsEnvFor = (stub: EmbeddingsStub, model = 'stub-multilingual', extra: Record<string, string> = {}): Record<string, string> => ({
  EMBEDDINGS_BASE_URL: stub.baseURL,
  EMBEDDINGS_MODEL: model,
  EMBEDDINGS_DIMENSIONS: String(stub.dimensions),
  ...extra,
});
