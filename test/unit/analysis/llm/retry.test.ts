import { expect } from 'chai';
import { backoffDelayMs, withRetry } from '../../../../src/analysis/llm/retry.js';
import { classifyLlmError, InvalidModelOutputError, LlmCallError } from '../../../../src/analysis/llm/llm-error.js';

const httpError = (status: number, headers?: Record<string, string>) =>
  Object.assign(new Error(`HTTP ${status}`), { status, headers: headers ? new Headers(headers) : undefined });

describe('retry policy', () => {
  it('backs off exponentially with jitter between half and the full step', () => {
    expect(backoffDelayMs(1, 500, () => 0)).to.equal(250);
    expect(backoffDelayMs(1, 500, () => 0.999999)).to.equal(500);
    expect(backoffDelayMs(2, 500, () => 0.5)).to.equal(750);
    expect(backoffDelayMs(3, 500, () => 0.5)).to.equal(1500);
    expect(backoffDelayMs(20, 500, () => 1, 30_000)).to.equal(30_000);
  });

  it('retries retryable failures up to maxAttempts and reports the last reason', async () => {
    const delays: number[] = [];
    let calls = 0;
    const failing = withRetry('chat', { maxAttempts: 3, initialBackoffMs: 100, random: () => 0.5, sleep: async (ms) => void delays.push(ms) }, async () => {
      calls++;
      throw httpError(503);
    });
    const error = await failing.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(LlmCallError).and.include({ reason: 'provider_5xx', attempts: 3, status: 503 });
    expect(calls).to.equal(3);
    expect(delays).to.deep.equal([75, 150]);
  });

  it('fails at once on a 4xx other than 429', async () => {
    let calls = 0;
    const error = await withRetry('chat', { maxAttempts: 4, initialBackoffMs: 1, sleep: async () => {} }, async () => {
      calls++;
      throw httpError(401);
    }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(LlmCallError).and.include({ reason: 'provider_4xx', attempts: 1 });
    expect(calls).to.equal(1);
  });

  it('waits at least as long as a Retry-After header asks', async () => {
    const delays: number[] = [];
    let calls = 0;
    const value = await withRetry('chat', { maxAttempts: 2, initialBackoffMs: 10, sleep: async (ms) => void delays.push(ms) }, async () => {
      if (++calls === 1) throw httpError(429, { 'retry-after': '2' });
      return 'ok';
    });
    expect(value).to.equal('ok');
    expect(delays).to.deep.equal([2000]);
  });

  it('classifies provider, transport and output failures', () => {
    expect(classifyLlmError(httpError(429))).to.equal('rate_limited');
    expect(classifyLlmError(httpError(500))).to.equal('provider_5xx');
    expect(classifyLlmError(httpError(404))).to.equal('provider_4xx');
    expect(classifyLlmError(httpError(408))).to.equal('timeout');
    expect(classifyLlmError(Object.assign(new Error('t'), { name: 'TimeoutError' }))).to.equal('timeout');
    expect(classifyLlmError(Object.assign(new Error('c'), { code: 'ECONNREFUSED' }))).to.equal('network');
    expect(classifyLlmError(new SyntaxError('Unexpected end of JSON input'))).to.equal('invalid_output');
    expect(classifyLlmError(new InvalidModelOutputError('x'))).to.equal('invalid_output');
    expect(classifyLlmError(new TypeError('bug'))).to.equal('unknown');
  });
});
