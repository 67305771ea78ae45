import { expect } from 'chai';
import { bearerMatches, fromLoopback, mayReadMetrics } from '../../../src/http/metrics-access.js';

describe('who may read /metrics', () => {
  it('loopback peers, IPv4, IPv6 and IPv4-mapped, are loopback; other peers are not', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(fromLoopback(address, {}), address).to.equal(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.2', 'fe80::1', '2001:db8::1', '', 'localhost', undefined]) {
      expect(fromLoopback(address, {}), String(address)).to.equal(false);
    }
  });

  it('a loopback peer that carries a forwarding header is a proxy speaking for someone else', () => {
    for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-client-ip', 'true-client-ip']) {
      expect(fromLoopback('127.0.0.1', { [header]: '127.0.0.1' }), header).to.equal(false);
    }
  });

  it('the bearer token must match exactly, whatever its length, and only as a Bearer credential', () => {
    const token = 'scrape-token-0123456789';
    expect(bearerMatches(`Bearer ${token}`, token)).to.equal(true);
    expect(bearerMatches(`bearer ${token}`, token), 'the scheme is case-insensitive').to.equal(true);
    for (const header of [undefined, '', token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, `Bearer  ${token}`, `Bearer ${token} `]) {
      expect(bearerMatches(header, token), String(header)).to.equal(false);
    }
  });

  it('with a token configured, the token is the rule (loopback alone is not enough); without one, loopback is', () => {
    const token = 'scrape-token-0123456789';
    expect(mayReadMetrics({ remoteAddress: '127.0.0.1', headers: {} }, token)).to.equal(false);
    expect(mayReadMetrics({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } }, token)).to.equal(true);
    expect(mayReadMetrics({ remoteAddress: '127.0.0.1', headers: {} }, undefined)).to.equal(true);
    expect(mayReadMetrics({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } }, undefined)).to.equal(false);
  });
});
