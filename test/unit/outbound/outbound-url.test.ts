import { expect } from 'chai';
import { checkOutboundUrl, type OutboundUrlRefusal } from '../../../src/outbound/outbound-url.js';

/** A URL and what the policy answers: `ok`, or the refusal with the special-purpose block it names. */
type Row = [url: string, expected: 'ok'] | [url: string, reason: OutboundUrlRefusal, cidr?: string];

const special = (cidr: string) => ['special-purpose-address', cidr] as const;
const LOOPBACK_V4 = ['loopback', '127.0.0.0/8'] as const;

/** In production (WEBHOOK_ALLOW_HTTP unset). */
const PRODUCTION: Row[] = [
  // IPv4, however spelled: the WHATWG parser normalises decimal, octal, hex, short and full-width forms.
  ['https://0.0.0.0/x', ...special('0.0.0.0/8')],
  ['https://0/x', ...special('0.0.0.0/8')],
  ['https://0.1.2.3/x', ...special('0.0.0.0/8')],
  ['https://10.0.0.1/x', ...special('10.0.0.0/8')],
  ['https://10.1/x', ...special('10.0.0.0/8')],
  ['https://012.0.0.1/x', ...special('10.0.0.0/8')],
  ['https://0xa.0.0.1/x', ...special('10.0.0.0/8')],
  ['https://167772161/x', ...special('10.0.0.0/8')],
  ['https://100.64.0.1/x', ...special('100.64.0.0/10')],
  ['https://100.127.255.254/x', ...special('100.64.0.0/10')],
  ['https://127.0.0.1/x', ...LOOPBACK_V4],
  ['https://127.1/x', ...LOOPBACK_V4],
  ['https://2130706433/x', ...LOOPBACK_V4],
  ['https://0x7f.1/x', ...LOOPBACK_V4],
  ['https://017700000001/x', ...LOOPBACK_V4],
  ['https://0x7f000001/x', ...LOOPBACK_V4],
  ['https://127.0.0.1./x', ...LOOPBACK_V4],
  ['https://１２７.０.０.１/x', ...LOOPBACK_V4],
  ['https://127。0。0。1/x', ...LOOPBACK_V4],
  ['https://%31%32%37.0.0.1/x', ...LOOPBACK_V4],
  ['https://127.255.255.254/x', ...LOOPBACK_V4],
  ['https://169.254.169.254/latest/meta-data/', ...special('169.254.0.0/16')],
  ['https://2852039166/x', ...special('169.254.0.0/16')],
  ['https://0xa9.0xfe.0xa9.0xfe/x', ...special('169.254.0.0/16')],
  ['https://0251.0376.0251.0376/x', ...special('169.254.0.0/16')],
  ['https://0xa9fea9fe/x', ...special('169.254.0.0/16')],
  ['https://169.254.43518/x', ...special('169.254.0.0/16')],
  ['https://172.16.0.1/x', ...special('172.16.0.0/12')],
  ['https://172.31.255.255/x', ...special('172.16.0.0/12')],
  ['https://192.0.0.1/x', ...special('192.0.0.0/24')],
  ['https://192.0.0.170/x', ...special('192.0.0.0/24')],
  ['https://192.0.2.1/x', ...special('192.0.2.0/24')],
  ['https://192.31.196.1/x', ...special('192.31.196.0/24')],
  ['https://192.52.193.1/x', ...special('192.52.193.0/24')],
  ['https://192.88.99.1/x', ...special('192.88.99.0/24')],
  ['https://192.168.1.1/x', ...special('192.168.0.0/16')],
  ['https://192.175.48.1/x', ...special('192.175.48.0/24')],
  ['https://198.18.0.1/x', ...special('198.18.0.0/15')],
  ['https://198.19.255.255/x', ...special('198.18.0.0/15')],
  ['https://198.51.100.7/x', ...special('198.51.100.0/24')],
  ['https://203.0.113.9/x', ...special('203.0.113.0/24')],
  ['https://224.0.0.1/x', ...special('224.0.0.0/4')],
  ['https://239.255.255.250/x', ...special('224.0.0.0/4')],
  ['https://240.0.0.1/x', ...special('240.0.0.0/4')],
  ['https://255.255.255.255/x', ...special('255.255.255.255/32')],
  ['https://4294967295/x', ...special('255.255.255.255/32')],
  ['https://93.184.216.34/x', 'ok'],
  ['https://8.8.8.8/x', 'ok'],
  ['https://1.1.1.1:8443/x', 'ok'],
  ['https://100.128.0.1/x', 'ok'],
  ['https://172.15.255.255/x', 'ok'],
  ['https://172.32.0.1/x', 'ok'],
  ['https://192.0.1.1/x', 'ok'],
  ['https://198.20.0.1/x', 'ok'],
  // IPv6: every form that carries an IPv4 address is refused, whatever it carries.
  ['https://[::]/x', ...special('::/128')],
  ['https://[::1]/x', 'loopback', '::1/128'],
  ['https://[0:0:0:0:0:0:0:1]/x', 'loopback', '::1/128'],
  ['https://[::ffff:127.0.0.1]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:7f00:1]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:169.254.169.254]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:a9fe:a9fe]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:8.8.8.8]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:0:0]/x', ...special('::ffff:0:0/96')],
  ['https://[::ffff:0:127.0.0.1]/x', ...special('::ffff:0:0:0/96')],
  ['https://[::ffff:0:169.254.169.254]/x', ...special('::ffff:0:0:0/96')],
  ['https://[::127.0.0.1]/x', ...special('::/96')],
  ['https://[::10.0.0.1]/x', ...special('::/96')],
  ['https://[::2]/x', ...special('::/96')],
  ['https://[64:ff9b::a9fe:a9fe]/x', ...special('64:ff9b::/96')],
  ['https://[64:ff9b::8.8.8.8]/x', ...special('64:ff9b::/96')],
  ['https://[64:ff9b:1::a9fe:a9fe]/x', ...special('64:ff9b:1::/48')],
  ['https://[64:ff9b:1:ffff::1]/x', ...special('64:ff9b:1::/48')],
  ['https://[100::1]/x', ...special('100::/64')],
  ['https://[100:0:0:1::1]/x', ...special('100:0:0:1::/64')],
  ['https://[2001::1]/x', ...special('2001::/32')],
  ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', ...special('2001::/32')],
  ['https://[2001:1::1]/x', ...special('2001::/23')],
  ['https://[2001:2::1]/x', ...special('2001:2::/48')],
  ['https://[2001:3::1]/x', ...special('2001:3::/32')],
  ['https://[2001:4:112::1]/x', ...special('2001:4:112::/48')],
  ['https://[2001:10::1]/x', ...special('2001:10::/28')],
  ['https://[2001:20::1]/x', ...special('2001:20::/28')],
  ['https://[2001:30::1]/x', ...special('2001:30::/28')],
  ['https://[2001:1ff:ffff::1]/x', ...special('2001::/23')],
  ['https://[2001:db8::1]/x', ...special('2001:db8::/32')],
  ['https://[2001:DB8:0:0::1]/x', ...special('2001:db8::/32')],
  ['https://[2002:a9fe:a9fe::1]/x', ...special('2002::/16')],
  ['https://[2002:808:808::1]/x', ...special('2002::/16')],
  ['https://[2620:4f:8000::1]/x', ...special('2620:4f:8000::/48')],
  ['https://[3fff::1]/x', ...special('3fff::/20')],
  ['https://[3fff:fff::1]/x', ...special('3fff::/20')],
  ['https://[5f00::1]/x', ...special('5f00::/16')],
  ['https://[fc00::1]/x', ...special('fc00::/7')],
  ['https://[fd12:3456::1]/x', ...special('fc00::/7')],
  ['https://[fe80::1]/x', ...special('fe80::/10')],
  ['https://[febf::1]/x', ...special('fe80::/10')],
  ['https://[fec0::1]/x', ...special('fec0::/10')],
  ['https://[ff02::1]/x', ...special('ff00::/8')],
  ['https://[ff05::2]/x', ...special('ff00::/8')],
  ['https://[1::1]/x', ...special('::/3')],
  ['https://[4000::1]/x', ...special('4000::/2')],
  ['https://[8000::1]/x', ...special('8000::/1')],
  ['https://[e000::1]/x', ...special('8000::/1')],
  ['https://[2606:4700:4700::1111]/x', 'ok'],
  ['https://[2001:4860:4860::8888]/x', 'ok'],
  ['https://[2a00:1450:4001:82b::200e]:8443/x', 'ok'],
  ['https://[2001:200::1]/x', 'ok'],
  ['https://[3fff:1000::1]/x', 'ok'],
  // What cannot be parsed unambiguously.
  ['https://[fe80::1%25eth0]/x', 'not-a-url'],
  ['https://[fe80::1%eth0]/x', 'not-a-url'],
  ['https://[::ffff:0x7f.1]/x', 'not-a-url'],
  ['https://1.2.3.4.5/x', 'not-a-url'],
  ['https://08.1.1.1/x', 'not-a-url'],
  ['https://4294967296/x', 'not-a-url'],
  ['https://a.b.c.0x10/x', 'not-a-url'],
  ['https://example.com.1/x', 'not-a-url'],
  ['https://exa%00mple.com/x', 'not-a-url'],
  ['not a url', 'not-a-url'],
  ['/relative/path', 'not-a-url'],
  ['https://127.0.0.1../x', 'invalid-host'],
  ['https://a..b.example/x', 'invalid-host'],
  ['https://.example.com/x', 'invalid-host'],
  ['https://a*b.example/x', 'invalid-host'],
  ['https://-lead.example.com/x', 'invalid-host'],
  [`https://${'a'.repeat(64)}.example.com/x`, 'invalid-host'],
  // Names: internal ones refused; public ones admitted here and resolved, and checked, when connecting.
  ['https://localhost/x', 'loopback'],
  ['https://LOCALHOST./x', 'loopback'],
  ['https://ｌｏｃａｌｈｏｓｔ/x', 'loopback'],
  ['https://api.localhost/x', 'loopback'],
  ['https://printer.local/x', 'internal-name'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'internal-name'],
  ['https://router.lan/x', 'internal-name'],
  ['https://nas.home.arpa/x', 'internal-name'],
  ['https://intranet/x', 'internal-name'],
  ['https:///hooks', 'internal-name'],
  ['https://hooks.example.com/x', 'ok'],
  ['https://HOOKS.Example.COM./x', 'ok'],
  ['https://bücher.example/x', 'ok'],
  ['https://例え.テスト/x', 'ok'],
  ['https://a_b.example.com/x', 'ok'],
  ['https://0xabc.com/x', 'ok'],
  // Scheme, user info, fragment, port, length.
  ['http://hooks.example.com/x', 'scheme'],
  ['ftp://hooks.example.com/x', 'scheme'],
  ['file:///etc/passwd', 'scheme'],
  ['gopher://hooks.example.com/x', 'scheme'],
  ['https://user:pass@hooks.example.com/x', 'user-info'],
  ['https://hooks.example.com@10.0.0.1/x', 'user-info'],
  ['https://hooks.example.com/x#frag', 'fragment'],
  ['https://hooks.example.com:22/x', 'port'],
  ['https://hooks.example.com:80/x', 'port'],
  ['https://hooks.example.com:443/x', 'ok'],
  ['https://hooks.example.com:1024/x', 'ok'],
  [`https://hooks.example.com/${'a'.repeat(2048)}`, 'too-long'],
];

/** In development (WEBHOOK_ALLOW_HTTP=true): loopback, over http:// too, and nothing else more. */
const DEVELOPMENT: Row[] = [
  ['http://127.0.0.1:8080/x', 'ok'],
  ['http://localhost:3000/x', 'ok'],
  ['http://[::1]:3000/x', 'ok'],
  ['https://2130706433/x', 'ok'],
  ['http://0x7f.1:9/x', 'ok'],
  ['http://api.localhost/x', 'ok'],
  ['http://10.0.0.1/x', ...special('10.0.0.0/8')],
  ['http://[::ffff:127.0.0.1]/x', ...special('::ffff:0:0/96')],
  ['http://[::ffff:0:127.0.0.1]/x', ...special('::ffff:0:0:0/96')],
  ['http://[64:ff9b:1::a9fe:a9fe]/x', ...special('64:ff9b:1::/48')],
  ['https://169.254.169.254/x', ...special('169.254.0.0/16')],
  ['http://hooks.example.com/x', 'scheme'],
  ['https://hooks.example.com/x', 'ok'],
];

function expectRows(rows: Row[], allowHttp: boolean): void {
  for (const [url, expected, cidr] of rows) {
    const checked = checkOutboundUrl(url, { allowHttp });
    if (expected === 'ok') {
      expect(checked, url).to.include({ ok: true });
      continue;
    }
    expect(checked, url).to.include({ ok: false, reason: expected });
    if (cidr !== undefined) expect(checked.ok === false && checked.range?.cidr, url).to.equal(cidr);
  }
}

describe('Outbound URL policy (webhook endpoints, SSRF)', () => {
  it(`answers ${PRODUCTION.length} spellings in production as the table says, naming the refused block`, () => {
    expect(PRODUCTION.length).to.be.at.least(100);
    expectRows(PRODUCTION, false);
  });

  it('admits loopback in development and still refuses every other special-purpose address', () => {
    expectRows(DEVELOPMENT, true);
  });

  it('says which block an address is in, for the API caller', () => {
    const checked = checkOutboundUrl('https://[64:ff9b:1::a9fe:a9fe]/x', { allowHttp: false });
    expect(checked.ok === false && checked.message).to.equal(
      'must not point at a special-purpose address: 64:ff9b:1::a9fe:a9fe is in 64:ff9b:1::/48 (NAT64 local-use prefix, RFC 8215)',
    );
  });

  it('returns the parsed URL of an admitted address, the one a connection goes to', () => {
    const checked = checkOutboundUrl('https://0x7f.1:8443/x', { allowHttp: true });
    expect(checked.ok && checked.url.hostname).to.equal('127.0.0.1');
    expect(checked.ok && checked.loopback).to.equal(true);
  });
});
