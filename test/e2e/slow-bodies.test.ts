import { expect } from 'chai';
import net from 'node:net';
import { expectProblem } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TIMEOUT_MS = 3000;
const PER_ADDRESS = 3;

interface Trickle {
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<string>;
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfter: Promise<number>;
  stop(): void;
}

/**
 * Sends a request's head at once, then its declared 60,000-byte body one byte every 100 ms, until the
 * server closes the connection.
 */
function trickle(port: number, head: string): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  const chunks: Buffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(`${head}Content-Length: 60000\r\n\r\n{"text":"`);
    timer = setInterval(() => socket.writable && socket.write('a'), 100);
  });
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => undefined); // a reset after the answer still ends the exchange
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  void closed.then(() => clearInterval(timer));
  socket.setTimeout(15_000, () => socket.destroy());
  return {
    answer: closed.then(() => Buffer.concat(chunks).toString('utf8')),
    closedAfter: closed,
    stop: () => socket.destroy(),
  };
}

function parseRaw(raw: string): Response {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = new Headers(headerLines.map((line) => line.split(/:\s*/, 2) as [string, string]));
  return new Response(rest.join('\r\n\r\n'), { status: Number(statusLine.split(' ')[1]), headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request bodies that arrive slowly are timed out and capped per client address', () => {
  let server: TestServer;
  let secretKey: string;
  const feedbackHead = () => `POST /api/v1/feedback HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secretKey}\r\nContent-Type: application/json\r\n`;

  before(async () => {
    server = await startTestServer({ workers: false, env: { BODY_TIMEOUT_MS: String(TIMEOUT_MS), SLOW_BODIES_PER_ADDRESS: String(PER_ADDRESS) } });
    ({ secretKey } = await server.createProject({ name: 'Slow bodies' }));
  });
  after(() => server.close());

  it('a body still trickling in at the deadline is answered 408 problem+json and its connection closes', async () => {
    const slow = trickle(server.port, feedbackHead());
    const closedAfter = await slow.closedAfter;
    const response = parseRaw(await slow.answer);
    expect(response.headers.get('connection')).to.equal('close');
    const problem = await expectProblem(response, 408, 'request-timeout');
    expect(problem.detail).to.include('3 s');
    expect(closedAfter).to.be.within(TIMEOUT_MS - 100, TIMEOUT_MS + 2000);
  });

  it(`the ${PER_ADDRESS + 1}th slow body from one address is answered 429 with Retry-After, while a normal request still answers`, async () => {
    const held = Array.from({ length: PER_ADDRESS }, () => trickle(server.port, feedbackHead()));
    await sleep(1200); // the held bodies are slow now (after 1 s); the next one is slow at 2.2 s, before they time out
    const refused = trickle(server.port, feedbackHead());
    const normal = await server.request('/api/v1/feedback', { method: 'POST', key: secretKey, body: JSON.stringify({ text: 'The export works fine' }) });
    expect(normal.status).to.equal(202);

    const closedAfter = await refused.closedAfter;
    expect(closedAfter, 'refused once it was slow, long before the deadline').to.be.below(TIMEOUT_MS);
    const response = parseRaw(await refused.answer);
    expect(response.headers.get('retry-after')).to.equal(String(TIMEOUT_MS / 1000));
    expect(response.headers.get('connection')).to.equal('close');
    const problem = await expectProblem(response, 429, 'too-many-slow-requests');
    expect(problem.detail).to.include(`${PER_ADDRESS} request bodies`);

    for (const answer of await Promise.all(held.map((slow) => slow.answer))) await expectProblem(parseRaw(answer), 408, 'request-timeout');
    const after = trickle(server.port, feedbackHead());
    await expectProblem(parseRaw(await after.answer), 408, 'request-timeout'); // the slots were given back: held to the deadline, not refused
  });

  it('a request whose route reads no body is answered, then its connection closes at the deadline', async () => {
    const slow = trickle(server.port, `GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secretKey}\r\n`);
    const closedAfter = await slow.closedAfter;
    expect(parseRaw(await slow.answer).status).to.equal(200);
    expect(closedAfter).to.be.within(TIMEOUT_MS - 100, TIMEOUT_MS + 2000);
  });

  it('a body that arrives in time is read as usual', async () => {
    const response = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ text: 'Sent in three parts, within the deadline' });
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(`${feedbackHead()}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
        socket.write(body.slice(0, 10));
        setTimeout(() => socket.write(body.slice(10, 20)), 300);
        setTimeout(() => socket.write(body.slice(20)), 1300);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(parseRaw(response).status).to.equal(202);
  });
});
