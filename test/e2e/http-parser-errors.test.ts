import { expect } from 'chai';
import net from 'node:net';
import { expectProblem } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Writes raw bytes to the server and reads the whole answer (the server closes the connection). */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

function parseRaw(raw: string): Response {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = new Headers(headerLines.map((line) => line.split(/:\s*/, 2) as [string, string]));
  return new Response(rest.join('\r\n\r\n'), { status: Number(statusLine.split(' ')[1]), headers });
}

/** Node's own 431/400 answers had an empty body; aborted uploads printed stacks. */
describe('requests refused by the HTTP parser are problem+json too', () => {
  let server: TestServer;
  let secretKey: string;
  const log = new LogCapture();

  before(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: log });
    ({ secretKey } = await server.createProject({ name: 'Parser errors' }));
  });
  after(() => server.close());

  it('a request line over 16 KB is a 431 problem+json', async () => {
    const raw = await rawExchange(server.port, `GET /api/v1/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await expectProblem(parseRaw(raw), 431, 'headers-too-large');
  });

  it('headers over 16 KB are a 431 problem+json', async () => {
    const raw = await rawExchange(server.port, `GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    await expectProblem(parseRaw(raw), 431, 'headers-too-large');
  });

  it('a HEAD request over 16 KB gets the 431 headers without a body', async () => {
    const raw = await rawExchange(server.port, `HEAD /api/v1/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(raw).to.match(/^HTTP\/1.1 431 /);
    expect(raw).to.match(/\r\nContent-Type: application\/problem\+json\r\n/);
    expect(raw.endsWith('\r\n\r\n'), raw.slice(-80)).to.equal(true);
  });

  it('a malformed request line is a 400 problem+json', async () => {
    const raw = await rawExchange(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    await expectProblem(parseRaw(raw), 400, 'invalid-request');
  });

  it('an upload the client abandons logs one structured line and no stack trace', async () => {
    const before = log.lines.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/feedback HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secretKey}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"text":"half`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const added = log.lines.slice(before);
    expect(added, added.join('')).to.have.length(1);
    expect(JSON.parse(added[0]).msg).to.equal('client closed the connection mid-request');
    expect(added[0]).to.not.match(/ at /);
    const ping = await server.request('/api/v1/ping', { key: secretKey });
    expect(ping.status).to.equal(200);
  });

  it('the service keeps answering after all of them', async () => {
    expect((await server.request('/api/v1/ping', { key: secretKey })).status).to.equal(200);
  });
});
