import { expect } from 'chai';
import http from 'node:http';
import { postFeedback } from '../support/feedback.js';
import { expectProblem as expectProblemUnder, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { MutableClock } from '../support/mutable-clock.js';

const PROBLEM_BASE = 'https://errors.example.test';
const expectProblem = (response: Response, status: number, slug: string) => expectProblemUnder(response, status, slug, PROBLEM_BASE);
const ORIGIN = 'https://widget.example.com';
const LIMIT_BYTES = 64 * 1024;

/** A raw node:http request, for bodies fetch cannot send (chunked without Content-Length). */
function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; chunks: Buffer[] },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request({ host: target.hostname, port: target.port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // The server may answer and close before the whole body is written; the answer is what counts.
    req.on('error', (error) => reject(error));
    for (const chunk of options.chunks) req.write(chunk);
    req.end();
  });
}

describe('HTTP conventions: errors, limits and versioning (spec 7, 8, 9)', () => {
  let server: TestServer;
  let project: TestProject;
  const clock = new MutableClock(new Date('2026-03-01T12:00:15.000Z'));

  const countRows = async (table: 'feedback_items' | 'events') =>
    Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  before(async () => {
    server = await startTestServer({ workers: false, clock, env: { PROBLEM_BASE } });
    project = await server.createProject({ name: 'Conventions', origins: [ORIGIN] });
  });
  after(() => server.close());

  describe('problem+json (spec 7)', () => {
    it('uses the configured PROBLEM_BASE for type and the HTTP status for status (401)', async () => {
      const body = await expectProblem(await server.request('/api/v1/ping'), 401, 'unauthorized');
      expect(body.title).to.equal('Unauthorized');
    });

    it('reports an unknown route under /api/v1 as 404 not-found', async () => {
      await expectProblem(await server.request('/api/v1/nothing-here', { key: project.secretKey }), 404, 'not-found');
    });

    it('reports a path outside /api/v1 as 404 not-found', async () => {
      await expectProblem(await server.request('/api/v2/ping', { key: project.secretKey }), 404, 'not-found');
      await expectProblem(await server.request('/', {}), 404, 'not-found');
    });

    it('reports an unknown feedback id as 404 not-found', async () => {
      await expectProblem(await server.request('/api/v1/feedback/fb_does_not_exist', { key: project.secretKey }), 404, 'not-found');
    });

    it('reports a wrong method as 405 with Allow listing the methods of the path', async () => {
      const put = await server.request('/api/v1/ping', { key: project.secretKey, method: 'PUT' });
      await expectProblem(put, 405, 'method-not-allowed');
      expect(put.headers.get('allow')).to.equal('GET');

      const patch = await server.request('/api/v1/feedback', { key: project.secretKey, method: 'PATCH', body: '{}' });
      await expectProblem(patch, 405, 'method-not-allowed');
      const allow = (patch.headers.get('allow') ?? '').split(/\s*,\s*/).sort();
      expect(allow).to.deep.equal(['GET', 'POST']);

      const post = await server.request('/api/v1/feedback/fb_1', { key: project.secretKey, method: 'POST', body: '{}' });
      await expectProblem(post, 405, 'method-not-allowed');
      expect((post.headers.get('allow') ?? '').split(/\s*,\s*/).sort()).to.deep.equal(['DELETE', 'GET']);
    });

    it('reports invalid JSON as 400 invalid-request', async () => {
      const response = await server.request('/api/v1/feedback', { key: project.secretKey, method: 'POST', body: '{"text": "unterminated' });
      const body = await expectProblem(response, 400, 'invalid-request');
      expect(body.detail).to.match(/JSON/);
    });

    it('reports an empty body and a non-JSON content type as 400 invalid-request', async () => {
      await expectProblem(
        await server.request('/api/v1/feedback', { key: project.secretKey, method: 'POST', headers: { 'Content-Type': 'application/json' } }),
        400,
        'invalid-request',
      );
      const textPlain = await server.request('/api/v1/feedback', {
        key: project.secretKey,
        method: 'POST',
        body: JSON.stringify({ text: 'hello' }),
        headers: { 'Content-Type': 'text/plain' },
      });
      const body = await expectProblem(textPlain, 400, 'invalid-request');
      expect(body.errors.map((e: { field: string }) => e.field)).to.include('Content-Type');
    });

    it('names every offending field of a 400, in errors[] and in detail', async () => {
      const response = await server.request('/api/v1/feedback', {
        key: project.secretKey,
        method: 'POST',
        headers: { 'Idempotency-Key': 'k'.repeat(129) },
        body: JSON.stringify({
          text: 42,
          userId: 'u'.repeat(257),
          email: 'not-an-email',
          source: 'carrier-pigeon',
          metadata: 'not an object',
          createdAt: 'yesterday',
          colour: 'blue',
        }),
      });
      const body = await expectProblem(response, 400, 'invalid-request');
      const expected = ['text', 'userId', 'email', 'source', 'metadata', 'createdAt', 'colour', 'Idempotency-Key'];
      expect(body.errors).to.be.an('array');
      const fields = body.errors.map((e: { field: string }) => e.field);
      expect(fields).to.include.members(expected);
      expect(new Set(fields).size, 'one entry per field').to.equal(fields.length);
      for (const error of body.errors) expect(error.message).to.be.a('string').and.not.equal('');
      for (const field of expected) expect(body.detail).to.include(field);
    });

    it('says what would be accepted: the property a misspelt one meant, the allowed values, a valid date-time', async () => {
      const response = await server.request('/api/v1/feedback', {
        key: project.secretKey,
        method: 'POST',
        body: JSON.stringify({ text: 'Hello', userID: 'u1', source: 'email', createdAt: '15/01/2025 09:30' }),
      });
      const body = await expectProblem(response, 400, 'invalid-request');
      const messages = Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
      expect(messages).to.deep.equal({
        userID: 'Unexpected property; did you mean userId?',
        source: 'must be one of "api", "widget"',
        createdAt: 'must be an RFC 3339 date-time such as 2025-01-15T09:30:00Z or 2025-01-15T10:30:00+01:00',
      });
      expect(body.detail).to.include('userID: Unexpected property; did you mean userId?');
    });

    it('suggests a query parameter only when one is close', async () => {
      const response = await server.request('/api/v1/feedback?sentimnet=negative&colour=blue', { key: project.secretKey });
      const body = await expectProblem(response, 400, 'invalid-request');
      const messages = Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
      expect(messages).to.deep.equal({ sentimnet: 'Unexpected property; did you mean sentiment?', colour: 'Unexpected property' });
    });

    it('names each out-of-range query parameter of GET /feedback', async () => {
      const response = await server.request('/api/v1/feedback?limit=500&sentiment=angry&before=not-a-date', { key: project.secretKey });
      const body = await expectProblem(response, 400, 'invalid-request');
      expect(body.errors.map((e: { field: string }) => e.field)).to.include.members(['limit', 'sentiment', 'before']);
    });

    it('refuses a query value or name that is not valid percent-encoded UTF-8, naming it, on every GET route with query parameters', async () => {
      const doc = await readJson(await server.request('/api/v1/openapi.json'));
      const routes = Object.entries(doc.paths as Record<string, { get?: { parameters?: { in: string; name: string }[] } }>)
        .filter(([path, item]) => !path.includes('{') && item.get?.parameters?.some((parameter) => parameter.in === 'query'))
        .map(([path, item]) => ({ path, name: item.get!.parameters!.find((parameter) => parameter.in === 'query')!.name }));
      expect(routes.length).to.be.greaterThan(5);
      const before = await countRows('events');
      for (const { path, name } of routes) {
        for (const value of ['pr%ED%A0%80o', 'x%E0%A4', '%C3%28']) {
          const body = await expectProblem(await server.request(`${path}?${name}=${value}`, { key: project.secretKey }), 400, 'invalid-request');
          expect(body.errors, `${path} ${value}`).to.deep.include({ field: name, message: 'must be valid percent-encoded UTF-8' });
        }
      }
      const badName = await expectProblem(await server.request('/api/v1/feedback?lim%FFit=5', { key: project.secretKey }), 400, 'invalid-request');
      expect(badName.errors.map((e: { field: string }) => e.field)).to.deep.equal(['query']);
      expect(await countRows('events')).to.equal(before);
      const valid = await server.request(`/api/v1/feedback?trait=${encodeURIComponent('plan:café 💩')}`, { key: project.secretKey });
      expect(valid.status).to.equal(200);
    });

    it('a text of only white space is a 400 naming text', async () => {
      const response = await postFeedback(server, project.secretKey, { text: '   ' });
      const body = await expectProblem(response, 400, 'invalid-request');
      expect(body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['text']);
    });

    it('a 400 changes no state', async () => {
      const items = await countRows('feedback_items');
      const events = await countRows('events');
      for (const payload of [{ text: '' }, { text: 'x'.repeat(10_001) }, { text: 'ok', extra: 1 }, { text: 'ok', metadata: { big: 'x'.repeat(9000) } }]) {
        await expectProblem(await postFeedback(server, project.secretKey, payload), 400, 'invalid-request');
      }
      expect(await countRows('feedback_items')).to.equal(items);
      expect(await countRows('events')).to.equal(events);
    });

    it('accepts text of exactly 10,000 characters (the limit is inclusive)', async () => {
      const response = await postFeedback(server, project.secretKey, { text: 'a'.repeat(10_000) });
      expect(response.status).to.equal(202);
    });
  });

  describe('body limit (spec 8: 64 KB → 413 payload-too-large)', () => {
    const oversized = () => JSON.stringify({ text: 'ok', metadata: { pad: 'x'.repeat(LIMIT_BYTES) } });

    it('refuses a body with a declared Content-Length over 64 KB', async () => {
      const items = await countRows('feedback_items');
      const body = oversized();
      expect(Buffer.byteLength(body)).to.be.greaterThan(LIMIT_BYTES);
      const response = await server.request('/api/v1/feedback', { key: project.secretKey, method: 'POST', body });
      await expectProblem(response, 413, 'payload-too-large');
      expect(await countRows('feedback_items')).to.equal(items);
    });

    it('refuses a chunked body without Content-Length once it grows past 64 KB', async () => {
      const items = await countRows('feedback_items');
      const payload = Buffer.from(oversized());
      const chunks: Buffer[] = [];
      for (let offset = 0; offset < payload.length; offset += 8 * 1024) chunks.push(payload.subarray(offset, offset + 8 * 1024));
      const response = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/v1/feedback',
        headers: { Authorization: `Bearer ${project.secretKey}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        chunks,
      });
      expect(response.status).to.equal(413);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json\b/);
      const problem = JSON.parse(response.body);
      expect(problem.type).to.equal(`${PROBLEM_BASE}/payload-too-large`);
      expect(problem.status).to.equal(413);
      expect(await countRows('feedback_items')).to.equal(items);
    });

    it('accepts a chunked body under the limit', async () => {
      const payload = Buffer.from(JSON.stringify({ text: 'Chunked but small.' }));
      const response = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/v1/feedback',
        headers: { Authorization: `Bearer ${project.secretKey}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        chunks: [payload.subarray(0, 5), payload.subarray(5)],
      });
      expect(response.status).to.equal(202);
    });

    it('keeps serving after refusing large bodies', async () => {
      const response = await server.request('/api/v1/ping', { key: project.secretKey });
      expect(response.status).to.equal(200);
    });
  });

  describe('rate limits (spec 8)', () => {
    const submitAsWidget = (key: string, text: string) => postFeedback(server, key, { text }, { Origin: ORIGIN });

    function rateHeaders(response: Response) {
      return {
        limit: Number(response.headers.get('x-ratelimit-limit')),
        remaining: Number(response.headers.get('x-ratelimit-remaining')),
        reset: Number(response.headers.get('x-ratelimit-reset')),
      };
    }

    it('GET /ping carries X-RateLimit-Limit, decreasing X-RateLimit-Remaining and X-RateLimit-Reset in seconds', async () => {
      const fresh = await server.createProject({ name: 'Ping meter', origins: [ORIGIN] });
      const first = await server.request('/api/v1/ping', { key: fresh.secretKey });
      const second = await server.request('/api/v1/ping', { key: fresh.secretKey });
      for (const response of [first, second]) {
        expect(response.status).to.equal(200);
        for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
          expect(response.headers.get(name), name).to.match(/^\d+$/);
        }
      }
      const a = rateHeaders(first);
      const b = rateHeaders(second);
      expect(a.limit).to.be.greaterThan(0);
      expect(b.limit).to.equal(a.limit);
      expect(a.remaining).to.equal(a.limit - 1);
      expect(b.remaining).to.equal(a.remaining - 1);
      for (const { reset } of [a, b]) expect(reset).to.be.within(1, 60);
    });

    it('POST /feedback meters per key: 300 for a secret key, 30 for a widget key', async () => {
      const fresh = await server.createProject({ name: 'Submit meter', origins: [ORIGIN] });
      const secret = await postFeedback(server, fresh.secretKey, { text: 'one' });
      expect(secret.status).to.equal(202);
      expect(rateHeaders(secret)).to.include({ limit: 300, remaining: 299 });
      const widget1 = await submitAsWidget(fresh.widgetKey, 'two');
      const widget2 = await submitAsWidget(fresh.widgetKey, 'three');
      expect(widget1.status).to.equal(202);
      expect(rateHeaders(widget1)).to.include({ limit: 30, remaining: 29 });
      expect(rateHeaders(widget2)).to.include({ limit: 30, remaining: 28 });
      expect(rateHeaders(widget2).reset).to.be.within(1, 60);
    });

    it('the reset header counts down to the end of the window as time passes', async () => {
      const fresh = await server.createProject({ name: 'Reset meter' });
      const start = new Date(clock.now());
      start.setUTCSeconds(10, 0);
      clock.set(start);
      const early = rateHeaders(await server.request('/api/v1/ping', { key: fresh.secretKey }));
      clock.advance(30_000);
      const later = rateHeaders(await server.request('/api/v1/ping', { key: fresh.secretKey }));
      expect(early.reset).to.equal(50);
      expect(later.reset).to.equal(20);
      expect(later.remaining).to.equal(early.remaining - 1);
    });

    it('the 31st widget submission in a minute is 429 rate-limited with Retry-After, and changes no state; the next window resets', async () => {
      const fresh = await server.createProject({ name: 'Widget limit', origins: [ORIGIN] });
      const start = new Date(clock.now());
      start.setUTCSeconds(5, 0);
      clock.set(start);

      let last: Response | undefined;
      for (let i = 1; i <= 30; i++) {
        last = await submitAsWidget(fresh.widgetKey, `Submission number ${i}`);
        expect(last.status, `request ${i}`).to.equal(202);
        expect(rateHeaders(last).remaining).to.equal(30 - i);
      }
      const items = await countRows('feedback_items');
      const events = await countRows('events');

      clock.advance(10_000);
      const limited = await submitAsWidget(fresh.widgetKey, 'One too many');
      const problem = await expectProblem(limited, 429, 'rate-limited');
      expect(problem.title).to.be.a('string');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
      expect(retryAfter).to.be.within(1, 60);
      expect(retryAfter).to.equal(45);
      expect(rateHeaders(limited)).to.include({ limit: 30, remaining: 0 });
      expect(limited.headers.get('access-control-allow-origin')).to.equal(ORIGIN);

      // Retrying inside the window does not help, and nothing was stored.
      await expectProblem(await submitAsWidget(fresh.widgetKey, 'Still too many'), 429, 'rate-limited');
      expect(await countRows('feedback_items')).to.equal(items);
      expect(await countRows('events')).to.equal(events);

      // Other keys of the same project have their own budget.
      const secret = await postFeedback(server, fresh.secretKey, { text: 'secret side' });
      expect(secret.status).to.equal(202);

      clock.advance(60_000);
      const afterReset = await submitAsWidget(fresh.widgetKey, 'A new minute');
      expect(afterReset.status).to.equal(202);
      expect(rateHeaders(afterReset)).to.include({ limit: 30, remaining: 29 });
    });
  });

  describe('versioning and OpenAPI (spec 9)', () => {
    let doc: any;

    before(async () => {
      const response = await server.request('/api/v1/openapi.json');
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json\b/);
      doc = await readJson(response);
    });

    it('is OpenAPI 3.1.0, version 1.0.0, served without a key', () => {
      expect(doc.openapi).to.equal('3.1.0');
      expect(doc.info.version).to.equal('1.0.0');
      expect(doc.info.title).to.be.a('string').and.not.equal('');
    });

    it('describes every routed path under /api/v1 with its methods', () => {
      const expected: Record<string, string[]> = {
        '/api/v1/ping': ['get'],
        '/api/v1/feedback': ['get', 'post'],
        '/api/v1/feedback/{id}': ['delete', 'get'],
      };
      for (const [path, methods] of Object.entries(expected)) {
        expect(doc.paths, path).to.have.property(path);
        expect(Object.keys(doc.paths[path]).sort(), path).to.deep.equal(methods);
      }
      // Outside the API: the widget's script (README, "Browser widget") and the operator's endpoints.
      const outside = ['/widget.js', '/healthz', '/readyz', '/metrics'];
      for (const path of outside) expect(Object.keys(doc.paths[path]), path).to.deep.equal(['get']);
      for (const path of Object.keys(doc.paths).filter((p) => !outside.includes(p))) expect(path).to.match(/^\/api\/v1\//);
    });

    /** The object a `$ref` inside the document points at. */
    const resolve = (node: { $ref?: string }): any =>
      node.$ref
        ? node.$ref
            .slice(2)
            .split('/')
            .reduce((at: any, segment: string) => at[segment], doc)
        : node;

    it('documents the bearer key scheme and the problem schema', () => {
      expect(doc.components.securitySchemes.apiKey).to.include({ type: 'http', scheme: 'bearer' });
      expect(doc.components.schemas.Problem.required).to.include.members(['type', 'title', 'status', 'detail']);
      const limited = resolve(doc.paths['/api/v1/feedback'].post.responses['429']);
      expect(limited.content['application/problem+json'].schema).to.deep.equal({ $ref: '#/components/schemas/Problem' });
    });

    it('documents the rate-limit headers, Retry-After on 429, Allow on 405, and 408, 413 and 431 as shared responses', () => {
      const headerNames = (response: any) => Object.keys(resolve(response).headers ?? {});
      const submit = doc.paths['/api/v1/feedback'].post.responses;
      expect(headerNames(submit['202'])).to.include.members(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']);
      expect(headerNames(submit['429'])).to.include.members(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
      expect(doc.components.headers['X-RateLimit-Reset'].schema).to.include({ type: 'integer' });
      const responses = doc.components.responses;
      expect(Object.keys(responses.MethodNotAllowed.headers)).to.include('Allow');
      expect(responses.MethodNotAllowed.content['application/problem+json'].example.status).to.equal(405);
      expect(resolve(submit['413'])).to.equal(responses.PayloadTooLarge);
      for (const operation of Object.values<any>(doc.paths).flatMap((methods) => Object.values<any>(methods))) {
        expect(resolve(operation.responses['431']), operation.operationId).to.equal(responses.HeadersTooLarge);
      }
      expect(resolve(submit['408'])).to.equal(responses.RequestTimeout);
      expect(responses.RateLimited.description).to.include('too-many-slow-requests');
      for (const operation of Object.values<any>(doc.paths).flatMap((methods) => Object.values<any>(methods))) {
        if (operation.requestBody) expect(operation.responses, operation.operationId).to.include.keys('408', '429');
      }
    });

    it('names each resource once and refers to it: the feedback item is one schema, not one per response', () => {
      const schemas = doc.components.schemas;
      expect(schemas).to.include.keys(
        'FeedbackItem',
        'FeedbackList',
        'FeedbackDetail',
        'Cluster',
        'ClusterList',
        'SearchResult',
        'SearchResults',
        'Ping',
        'Problem',
      );
      const definingSentimentScore: unknown[] = [];
      const text = JSON.stringify(doc, (_key, value) => {
        if (value?.properties?.sentimentScore) definingSentimentScore.push(value);
        return value;
      });
      expect(definingSentimentScore, 'schemas spelling out the feedback item').to.deep.equal([schemas.FeedbackItem]);
      expect(text.match(/#\/components\/schemas\/FeedbackItem"/g)?.length).to.be.at.least(4);
      expect(resolve(doc.paths['/api/v1/feedback/{id}'].get.responses['200'].content['application/json'].schema)).to.equal(schemas.FeedbackDetail);
      expect(schemas.FeedbackDetail.allOf[0]).to.deep.equal({ $ref: '#/components/schemas/FeedbackItem' });
    });

    it('writes enums as plain enum arrays, in schemas and parameters', () => {
      expect(doc.components.schemas.Sentiment).to.deep.equal({ type: 'string', enum: ['positive', 'neutral', 'negative'] });
      const sentiment = doc.paths['/api/v1/feedback'].get.parameters.find((p: { name?: string }) => p.name === 'sentiment');
      expect(sentiment.schema.enum).to.deep.equal(['positive', 'neutral', 'negative']);
      const body = doc.paths['/api/v1/feedback'].post.requestBody.content['application/json'].schema;
      expect(body.properties.source).to.include({ type: 'string' }).and.to.have.deep.property('enum', ['api', 'widget']);
      const literalUnions: unknown[] = [];
      JSON.stringify(doc, (_key, value) => {
        if (Array.isArray(value?.anyOf) && value.anyOf.every((option: { const?: unknown }) => option.const !== undefined)) literalUnions.push(value);
        return value;
      });
      expect(literalUnions, 'unions of literals left').to.deep.equal([]);
    });

    it('has examples on request bodies and responses', () => {
      const submit = doc.paths['/api/v1/feedback'].post;
      expect(Object.keys(submit.requestBody.content['application/json'].examples)).to.not.be.empty;
      expect(submit.responses['202'].content['application/json'].example).to.deep.equal({ id: 'fb_3k9x0q7w2m5n8b1v4c6z', status: 'pending' });
      expect(doc.paths['/api/v1/feedback'].get.responses['200'].content['application/json'].example.items).to.not.be.empty;
    });

    it('generates the POST /feedback body schema from the validating schema', () => {
      const schema = doc.paths['/api/v1/feedback'].post.requestBody.content['application/json'].schema;
      expect(schema.additionalProperties).to.equal(false);
      expect(schema.required).to.deep.equal(['text']);
      expect(schema.properties.text).to.include({ type: 'string', minLength: 1, maxLength: 10000 });
      expect(schema.properties.userId.maxLength).to.equal(256);
      expect(schema.properties.email.maxLength).to.equal(320);
      const parameters = doc.paths['/api/v1/feedback'].post.parameters;
      const idempotency = parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
      expect(idempotency).to.include({ in: 'header', required: false });
      expect(idempotency.schema.maxLength).to.equal(128);
    });

    it('documents the path parameter of /feedback/{id} and the list limits', () => {
      const get = doc.paths['/api/v1/feedback/{id}'].get;
      expect(get.parameters.find((p: { name: string }) => p.name === 'id')).to.include({ in: 'path', required: true });
      const limit = doc.paths['/api/v1/feedback'].get.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit.schema).to.include({ minimum: 1, maximum: 200 });
    });

    it('the documented limit is the enforced one (10,001 characters is refused)', async () => {
      const response = await postFeedback(server, project.secretKey, { text: 'a'.repeat(10_001) });
      const body = await expectProblem(response, 400, 'invalid-request');
      expect(body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['text']);
    });
  });
});
