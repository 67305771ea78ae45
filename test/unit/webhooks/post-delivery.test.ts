import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postDelivery } from '../../../src/webhooks/post-delivery.js';

describe('Posting a delivery (spec 6: success, timeout, redirects)', () => {
  let server: http.Server;
  let hits: string[];
  let url: string;

  before(async () => {
    hits = [];
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      if (request.url === '/ok') response.writeHead(204).end();
      else if (request.url === '/redirect') response.writeHead(302, { Location: `${url}/ok` }).end();
      else if (request.url === '/error') response.writeHead(500).end('boom');
      // '/hang': never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const post = (path: string, timeoutMs?: number) => postDelivery(`${url}${path}`, '{}', {}, { allowLoopback: true, timeoutMs });

  it('counts any 2xx as success and anything else as failure', async () => {
    expect(await post('/ok')).to.deep.equal({ status: 204, ok: true });
    expect(await post('/error')).to.deep.equal({ status: 500, ok: false, error: 'HTTP 500' });
  });

  it('does not follow redirects: a 3xx is a failure and the target is never called', async () => {
    hits.length = 0;
    expect(await post('/redirect')).to.deep.equal({ status: 302, ok: false, error: 'HTTP 302' });
    expect(hits).to.deep.equal(['/redirect']);
  });

  it('gives up when the receiver does not answer in time (10 s in service)', async () => {
    const started = Date.now();
    expect(await post('/hang', 300)).to.deep.equal({ status: null, ok: false, error: 'no response within 0.3 s' });
    expect(Date.now() - started).to.be.lessThan(2000);
  });

  it('refuses loopback when loopback is not allowed, before connecting', async () => {
    hits.length = 0;
    const https = url.replace('http:', 'https:');
    expect(await postDelivery(`${https}/ok`, '{}', {}, { allowLoopback: false })).to.deep.equal({ status: null, ok: false, error: 'address not allowed' });
    expect(await postDelivery(`${url}/ok`, '{}', {}, { allowLoopback: false })).to.deep.equal({ status: null, ok: false, error: 'url not allowed (scheme)' });
    expect(hits).to.deep.equal([]);
  });
});
