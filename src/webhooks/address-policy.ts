import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may reach. Only public unicast addresses, in every mode; loopback too
 * when `WEBHOOK_ALLOW_HTTP=true` (development). Checked when an endpoint is created and again for
 * every address DNS returns when a delivery connects (so DNS rebinding cannot reach a private host).
 */
const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (tunnels to any IPv4 address)
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (`::`, embedded dotted IPv4 and zone ids allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

const v4FromGroups = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

export type AddressClass = 'public' | 'loopback' | 'refused';

/** Classifies an IP address; IPv4-mapped, -compatible and NAT64 IPv6 forms are judged by the IPv4 address inside. */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address.split('%')[0]);
  if (family === 4) {
    if (address.startsWith('127.')) return 'loopback';
    return refusedV4.check(address, 'ipv4') ? 'refused' : 'public';
  }
  if (family !== 6) return 'refused';
  const groups = ipv6Groups(address);
  if (groups.length !== 8 || groups.some((group) => Number.isNaN(group))) return 'refused';
  const zeroPrefix = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroPrefix(7) && groups[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64): judge the IPv4 address.
  const mapped = zeroPrefix(5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (mapped || nat64) return classifyAddress(v4FromGroups(groups[6], groups[7]));
  if (zeroPrefix(6)) return 'refused'; // ::, and IPv4-compatible addresses
  return refusedV6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6') ? 'refused' : 'public';
}

/** Whether a delivery may connect to the address. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}
