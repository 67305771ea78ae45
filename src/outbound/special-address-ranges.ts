/**
 * Address blocks an outbound request (webhook deliveries, later Slack) may never reach: the IANA
 * IPv4 and IPv6 Special-Purpose Address Registries, multicast, and every IPv6 block outside global
 * unicast 2000::/3. Matched in order, first match wins, so a block is listed before any block that
 * contains it (its name is the one reported). IPv6 forms that carry an IPv4 address (mapped,
 * translated, compatible, NAT64, 6to4, Teredo) are refused whatever address they carry.
 */
export interface SpecialAddressRange {
  readonly cidr: string;
  readonly name: string;
  /** Where the block is defined. */
  readonly rfc: string;
  /** Loopback is admitted in development (`WEBHOOK_ALLOW_HTTP=true`); every other block is refused in every mode. */
  readonly loopback?: true;
}

export const SPECIAL_IPV4_RANGES: readonly SpecialAddressRange[] = [
  { cidr: '0.0.0.0/8', name: 'this network', rfc: 'RFC 791' },
  { cidr: '10.0.0.0/8', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '100.64.0.0/10', name: 'shared address space (carrier-grade NAT)', rfc: 'RFC 6598' },
  { cidr: '127.0.0.0/8', name: 'loopback', rfc: 'RFC 1122', loopback: true },
  { cidr: '169.254.0.0/16', name: 'link-local (cloud metadata)', rfc: 'RFC 3927' },
  { cidr: '172.16.0.0/12', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments', rfc: 'RFC 6890' },
  { cidr: '192.0.2.0/24', name: 'documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { cidr: '192.31.196.0/24', name: 'AS112', rfc: 'RFC 7535' },
  { cidr: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '192.88.99.0/24', name: '6to4 relay anycast (deprecated)', rfc: 'RFC 7526' },
  { cidr: '192.168.0.0/16', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '192.175.48.0/24', name: 'AS112 direct delegation', rfc: 'RFC 7534' },
  { cidr: '198.18.0.0/15', name: 'benchmarking', rfc: 'RFC 2544' },
  { cidr: '198.51.100.0/24', name: 'documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { cidr: '203.0.113.0/24', name: 'documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { cidr: '224.0.0.0/4', name: 'multicast', rfc: 'RFC 5771' },
  { cidr: '255.255.255.255/32', name: 'limited broadcast', rfc: 'RFC 919' },
  { cidr: '240.0.0.0/4', name: 'reserved', rfc: 'RFC 1112' },
];

export const SPECIAL_IPV6_RANGES: readonly SpecialAddressRange[] = [
  { cidr: '::/128', name: 'unspecified', rfc: 'RFC 4291' },
  { cidr: '::1/128', name: 'loopback', rfc: 'RFC 4291', loopback: true },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', rfc: 'RFC 4291' },
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated', rfc: 'RFC 2765' },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)', rfc: 'RFC 4291' },
  { cidr: '64:ff9b::/96', name: 'NAT64 well-known prefix', rfc: 'RFC 6052' },
  { cidr: '64:ff9b:1::/48', name: 'NAT64 local-use prefix', rfc: 'RFC 8215' },
  { cidr: '100::/64', name: 'discard-only', rfc: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', name: 'dummy prefix', rfc: 'RFC 9780' },
  { cidr: '2001::/32', name: 'Teredo', rfc: 'RFC 4380' },
  { cidr: '2001:2::/48', name: 'benchmarking', rfc: 'RFC 5180' },
  { cidr: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '2001:4:112::/48', name: 'AS112', rfc: 'RFC 7535' },
  { cidr: '2001:10::/28', name: 'ORCHID (deprecated)', rfc: 'RFC 4843' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343' },
  { cidr: '2001:30::/28', name: 'drone remote ID entity tags', rfc: 'RFC 9374' },
  { cidr: '2001::/23', name: 'IETF protocol assignments', rfc: 'RFC 2928' },
  { cidr: '2001:db8::/32', name: 'documentation', rfc: 'RFC 3849' },
  { cidr: '2002::/16', name: '6to4', rfc: 'RFC 3056' },
  { cidr: '2620:4f:8000::/48', name: 'AS112 direct delegation', rfc: 'RFC 7534' },
  { cidr: '3fff::/20', name: 'documentation', rfc: 'RFC 9637' },
  { cidr: '5f00::/16', name: 'SRv6 SIDs', rfc: 'RFC 9602' },
  { cidr: 'fc00::/7', name: 'unique-local', rfc: 'RFC 4193' },
  { cidr: 'fe80::/10', name: 'link-local', rfc: 'RFC 4291' },
  { cidr: 'fec0::/10', name: 'site-local (deprecated)', rfc: 'RFC 3879' },
  { cidr: 'ff00::/8', name: 'multicast', rfc: 'RFC 4291' },
  // The rest of the space outside global unicast 2000::/3 is reserved by the IETF.
  { cidr: '::/3', name: 'reserved (outside global unicast)', rfc: 'RFC 4291' },
  { cidr: '4000::/2', name: 'reserved (outside global unicast)', rfc: 'RFC 4291' },
  { cidr: '8000::/1', name: 'reserved (outside global unicast)', rfc: 'RFC 4291' },
];
