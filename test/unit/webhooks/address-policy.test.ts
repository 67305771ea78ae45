import { expect } from 'chai';
import { classifyAddress } from '../../../src/webhooks/address-policy.js';
import { checkWebhookUrl } from '../../../src/webhooks/endpoint-url.js';
import { postDelivery, safeLookup } from '../../../src/webhooks/post-delivery.js';
import { retryDelaySeconds, RETRY_DELAYS_SECONDS } from '../../../src/webhooks/retry-schedule.js';

describe('Webhook address policy (issue 10: SSRF)', () => {
  it('classifies addresses, judging IPv4-mapped and NAT64 IPv6 by the IPv4 address inside', () => {
    const cases: Record<string, string> = {
      '93.184.216.34': 'public',
      '2606:4700::1111': 'public',
      '127.0.0.1': 'loopback',
      '127.9.9.9': 'loopback',
      '::1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '169.254.169.254': 'refused',
      '::ffff:169.254.169.254': 'refused',
      '::ffff:a9fe:a9fe': 'refused',
      '64:ff9b::a9fe:a9fe': 'refused',
      '64:ff9b::5db8:d822': 'public',
      '10.0.0.1': 'refused',
      '172.16.0.1': 'refused',
      '172.31.255.255': 'refused',
      '172.32.0.1': 'public',
      '192.168.0.1': 'refused',
      '100.64.0.1': 'refused',
      '0.0.0.0': 'refused',
      '::': 'refused',
      '::10.0.0.1': 'refused',
      'fc00::1': 'refused',
      'fdff:ffff::1': 'refused',
      'fe80::1%eth0': 'refused',
      'ff02::1': 'refused',
      '224.0.0.251': 'refused',
      '255.255.255.255': 'refused',
      'not an ip': 'refused',
    };
    for (const [address, expected] of Object.entries(cases)) expect(classifyAddress(address), address).to.equal(expected);
  });

  it('normalises decimal, octal and hex spellings before judging', () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://3232235777/', 'https://0xC0A80101/']) {
      expect(checkWebhookUrl(url, false), url).to.have.length(1);
    }
    expect(checkWebhookUrl('https://2130706433/', true), 'loopback in development').to.deep.equal([]);
    expect(checkWebhookUrl('https://hooks.example.com/x', false)).to.deep.equal([]);
  });

  it('refuses at connect time a name that resolves to a refused address (DNS rebinding)', async () => {
    const lookup = safeLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (err) => resolve(err)));
    expect(error?.message).to.include('may not reach');
    const allowed = await new Promise<string>((resolve, reject) =>
      safeLookup(true)('localhost', {}, (err, address) => (err ? reject(err) : resolve(String(address)))),
    );
    expect(classifyAddress(allowed)).to.equal('loopback');
    const result = await postDelivery('http://localhost:9/', '{}', {}, { allowLoopback: false });
    expect(result).to.deep.equal({ status: null, ok: false, error: 'address not allowed' });
  });

  it('retries after 30 s, 2 min, 10 min, 1 h and 6 h, each plus up to 20 % jitter', () => {
    expect(RETRY_DELAYS_SECONDS).to.deep.equal([30, 120, 600, 3600, 21_600]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, () => 0))).to.deep.equal(RETRY_DELAYS_SECONDS);
    expect(retryDelaySeconds(1, () => 0.999)).to.equal(36);
  });
});
