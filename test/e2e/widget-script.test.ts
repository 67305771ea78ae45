import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { getRaw, WIDGET_GZIP_BUDGET_BYTES, WIDGET_SOURCE } from '../support/widget.js';

describe('GET /widget.js (the browser widget script)', () => {
  let server: TestServer;
  const source = readFileSync(WIDGET_SOURCE);

  before(async () => {
    server = await startTestServer({ workers: false });
  });
  after(() => server.close());

  it('is public JavaScript with cache headers and a strong ETag, byte for byte the source file', async () => {
    const response = await getRaw(`${server.url}/widget.js`);
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.match(/^text\/javascript\b/);
    expect(response.headers['cache-control'])
      .to.match(/\bpublic\b/)
      .and.match(/\bmax-age=\d+/);
    expect(response.headers.etag).to.match(/^"[^"]+"$/);
    expect(response.headers['x-content-type-options']).to.equal('nosniff');
    expect(response.headers['content-encoding']).to.equal(undefined);
    expect(response.body.equals(source)).to.equal(true);
  });

  it(`is under ${WIDGET_GZIP_BUDGET_BYTES / 1024} KB as served gzipped, and gunzips to the same bytes`, async () => {
    const response = await getRaw(`${server.url}/widget.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).to.equal('gzip');
    expect(response.headers.vary).to.match(/Accept-Encoding/i);
    expect(response.body.length).to.be.greaterThan(0).and.lessThan(WIDGET_GZIP_BUDGET_BYTES);
    expect(gunzipSync(response.body).equals(source)).to.equal(true);
  });

  it('answers 304 with no body to If-None-Match of its ETag, and 200 to a stale tag', async () => {
    const { etag } = (await getRaw(`${server.url}/widget.js`)).headers;
    for (const tags of [etag!, `"stale", ${etag}`, `W/${etag}`]) {
      const again = await getRaw(`${server.url}/widget.js`, { 'If-None-Match': tags });
      expect(again.status, tags).to.equal(304);
      expect(again.body.length).to.equal(0);
      expect(again.headers.etag).to.equal(etag);
    }
    const stale = await getRaw(`${server.url}/widget.js`, { 'If-None-Match': '"stale"' });
    expect(stale.status).to.equal(200);
    expect(stale.body.equals(source)).to.equal(true);
  });

  it('needs no key and sets no cookie', async () => {
    const response = await getRaw(`${server.url}/widget.js`, { Authorization: 'Bearer nonsense', Origin: 'https://anywhere.example' });
    expect(response.status).to.equal(200);
    expect(response.headers['set-cookie']).to.equal(undefined);
  });

  it('contains no eval, no Function constructor, no cookie or storage access, and calls no host but its own', () => {
    const text = source.toString('utf8');
    expect(text).not.to.match(/\beval\s*\(/);
    expect(text).not.to.match(/\bnew\s+Function\s*\(/);
    expect(text).not.to.match(/document\.cookie|localStorage|sessionStorage|indexedDB/);
    expect(text.match(/https?:\/\/[^\s'"<>)]+/g) ?? []).to.deep.equal(['https://feedback.example.com/widget.js']); // the snippet in its comment
    expect(text).to.match(/attachShadow\(/);
  });

  it('is documented in the OpenAPI document as a public GET', async () => {
    const document: any = await (await server.request('/api/v1/openapi.json')).json();
    const operation = document.paths['/widget.js']?.get;
    expect(operation?.security).to.deep.equal([]);
    expect(Object.keys(operation.responses)).to.include.members(['200', '304']);
  });
});
