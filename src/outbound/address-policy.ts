import ipaddr from 'ipaddr.js';
import { SPECIAL_IPV4_RANGES, SPECIAL_IPV6_RANGES, type SpecialAddressRange } from './special-address-ranges.js';

export type AddressClass =
  | { kind: 'public'; address: string }
  | { kind: 'loopback' | 'refused'; address: string; range: SpecialAddressRange }
  /** Not an IP address in canonical form (dotted-quad IPv4 or IPv6): refused, as nothing ambiguous is guessed at. */
  | { kind: 'invalid'; address: string };

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

const compile = (ranges: readonly SpecialAddressRange[]) => ranges.map((range) => ({ range, block: ipaddr.parseCIDR(range.cidr) }));
const IPV4_BLOCKS = compile(SPECIAL_IPV4_RANGES);
const IPV6_BLOCKS = compile(SPECIAL_IPV6_RANGES);

/** Dotted-quad IPv4 or IPv6 (zone id allowed: `fe80::1%eth0` is what the resolver may answer). */
export function parseAddress(text: string): Parsed | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return undefined;
}

/** The special-purpose block an address is in, if any. */
export function specialRangeOf(address: Parsed): SpecialAddressRange | undefined {
  const blocks = address.kind() === 'ipv4' ? IPV4_BLOCKS : IPV6_BLOCKS;
  const listed = blocks.find(({ block }) => address.match(block))?.range;
  if (listed) return listed;
  // A block a newer ipaddr.js knows and the table does not yet: refused all the same.
  const known = address.range();
  if (known === 'unicast') return undefined;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  return { cidr: `${address.toString()}/${bits}`, name: `special-purpose (ipaddr.js: ${known})`, rfc: 'IANA special-purpose registry' };
}

/**
 * Classifies an IP address for outbound requests: public unicast, loopback (admitted in development
 * only), refused (any other special-purpose block), or invalid.
 */
export function classifyAddress(text: string): AddressClass {
  const parsed = parseAddress(text);
  if (!parsed) return { kind: 'invalid', address: text };
  const address = parsed.toString();
  const range = specialRangeOf(parsed);
  if (!range) return { kind: 'public', address };
  return { kind: range.loopback ? 'loopback' : 'refused', address, range };
}

/** Whether an outbound connection may go to the address. */
export function addressAllowed(found: AddressClass, allowLoopback: boolean): boolean {
  return found.kind === 'public' || (found.kind === 'loopback' && allowLoopback);
}

/** "is in 169.254.0.0/16 (link-local (cloud metadata), RFC 3927)". */
export function describeRange(range: SpecialAddressRange): string {
  return `${range.cidr} (${range.name}, ${range.rfc})`;
}
