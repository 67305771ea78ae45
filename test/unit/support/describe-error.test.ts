import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { createLogger } from '../../../src/logger.js';
import { describeError, describeFailure } from '../../../src/support/describe-error.js';
import { LogCapture } from '../../support/log-capture.js';

/** A loopback port nothing listens on: a server is started there and closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const connectionRefused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED', errno: -111 });

describe('describeError: what a log keeps of whatever was thrown', () => {
  it('a failed fetch names its cause (the socket error undici wraps in "fetch failed")', async () => {
    const port = await closedPort();
    const failure = await fetch(`http://127.0.0.1:${port}/hook`).catch((error: unknown) => error);
    const described = describeError(failure);
    expect(described).to.include({ type: 'TypeError', message: 'fetch failed' });
    expect(described.stack).to.be.a('string');
    expect(described.cause).to.include({ code: 'ECONNREFUSED' });
    expect(described.cause!.message).to.include('ECONNREFUSED');
    expect(described.cause, 'frames only at the top').to.not.have.property('stack');
  });

  it('an AggregateError lists the errors it gathers (IPv6 and IPv4 both refused), with its code', () => {
    const aggregate = Object.assign(new AggregateError([connectionRefused('::1:5432'), connectionRefused('127.0.0.1:5432')], ''), { code: 'ECONNREFUSED' });
    const described = describeError(aggregate);
    expect(described).to.include({ type: 'AggregateError', code: 'ECONNREFUSED', message: '' });
    expect(described.errors!.map((inner) => inner.message)).to.deep.equal(['connect ECONNREFUSED ::1:5432', 'connect ECONNREFUSED 127.0.0.1:5432']);
    const many = new AggregateError(
      Array.from({ length: 50 }, (_, i) => new Error(`attempt ${i}`)),
      'all failed',
    );
    expect(describeError(many).errors).to.have.length(5);
  });

  it('a thrown string says what it says; null, undefined, numbers and booleans are named', () => {
    expect(describeError('HTTP 500')).to.deep.equal({ type: 'string', message: 'HTTP 500' });
    expect(describeError(null)).to.deep.equal({ type: 'null', message: 'null was thrown' });
    expect(describeError(undefined)).to.deep.equal({ type: 'undefined', message: 'undefined was thrown' });
    expect(describeError(42)).to.deep.equal({ type: 'number', message: '42' });
    expect(describeError(false)).to.deep.equal({ type: 'boolean', message: 'false' });
    expect(describeError(Symbol('stop'))).to.deep.equal({ type: 'symbol', message: 'Symbol(stop)' });
  });

  it('a thrown object keeps its code and message, or names its keys and never their values', () => {
    expect(describeError({ code: 'E_QUOTA', message: 'quota exceeded for "project x"' })).to.deep.equal({
      type: 'Object',
      code: 'E_QUOTA',
      message: 'quota exceeded for "…"',
    });
    const response = describeError({ status: 500, body: 'The checkout page lost my order' });
    expect(response.message).to.equal('a thrown object that is not an Error (keys: status, body)');
    expect(JSON.stringify(response)).to.not.include('checkout');
    class ProviderFailure {
      constructor(readonly reason = 'The checkout page lost my order') {}
    }
    expect(describeError(new ProviderFailure())).to.include({ type: 'ProviderFailure' });
    expect(JSON.stringify(describeError(new ProviderFailure()))).to.not.include('checkout');
    expect(describeError({ cause: new RangeError('too deep') }).cause).to.include({ type: 'RangeError', message: 'too deep' });
  });

  it('an error from another realm is still an error', () => {
    const foreign = vm.runInNewContext('new TypeError("from a worker")') as unknown;
    expect(foreign instanceof Error).to.equal(false);
    expect(describeError(foreign)).to.include({ type: 'TypeError', message: 'from a worker' });
  });

  it('never keeps quoted input or keys; a cause that is itself, or a deep chain, ends', () => {
    const leaky = new Error(
      `Incorrect API key provided: sk-proj-abcdefgh12345678. Bearer sk_live_${'A'.repeat(32)} and whsec_${'b'.repeat(43)}= for "my feedback text"`,
    );
    const message = describeError(leaky).message;
    expect(message).to.not.match(/abcdefgh|AAAA|bbbb|my feedback text/);
    expect(message).to.include('sk-…').and.include('Bearer …').and.include('whsec_…');
    expect(describeError(new Error('x', { cause: new Error(`key sk_test_${'C'.repeat(32)}`) })).cause!.message).to.equal('key sk_test_…');

    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(describeError(loop)).to.not.have.property('cause');
    let chain: unknown = new Error('root');
    for (let i = 0; i < 20; i++) chain = new Error(`level ${i}`, { cause: chain });
    let depth = 0;
    for (let at: { cause?: unknown } | undefined = describeError(chain); at; at = at.cause as { cause?: unknown } | undefined) depth++;
    expect(depth).to.equal(4);
  });

  it('describeFailure puts the causes on the one line a work table keeps', () => {
    const failure = new TypeError('fetch failed', { cause: connectionRefused('10.0.0.5:443') });
    expect(describeFailure(failure)).to.equal('TypeError: fetch failed <- Error [ECONNREFUSED]: connect ECONNREFUSED 10.0.0.5:443');
    const withText = new Error('could not parse', { cause: new SyntaxError('at my secret text') });
    expect(describeFailure(withText, 'my secret text')).to.equal('Error: could not parse <- SyntaxError: at [text]');
  });

  it('the logger serialises a string, an object or an error under err and error, not as "(not an Error)"', () => {
    const capture = new LogCapture();
    const logger = createLogger('info', capture);
    logger.warn({ endpointId: 'whe_1', error: 'HTTP 503' }, 'webhook delivery failed');
    logger.warn({ err: { status: 500 } }, 'provider failed');
    logger.error({ err: new TypeError('fetch failed', { cause: connectionRefused('10.0.0.5:443') }) }, 'analysis failed');
    const [delivery, provider, analysis] = capture.lines.map((line) => JSON.parse(line));
    expect(delivery.error).to.deep.equal({ type: 'string', message: 'HTTP 503' });
    expect(provider.err.message).to.equal('a thrown object that is not an Error (keys: status)');
    expect(analysis.err.cause).to.include({ code: 'ECONNREFUSED' });
    expect(capture.text).to.not.include('"(not an Error)"');
  });
});
