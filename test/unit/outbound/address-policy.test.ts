import { expect } from 'chai';
import ipaddr from 'ipaddr.js';
import { addressAllowed, classifyAddress } from '../../../src/outbound/address-policy.js';
import { SPECIAL_IPV4_RANGES, SPECIAL_IPV6_RANGES } from '../../../src/outbound/special-address-ranges.js';

type LibraryRanges = Record<string, [ipaddr.IPv4 | ipaddr.IPv6, number] | [ipaddr.IPv4 | ipaddr.IPv6, number][]>;

/** Every special-purpose block ipaddr.js knows, as [its name, CIDR]. */
function libraryBlocks(): [string, string][] {
  const blocks: [string, string][] = [];
  for (const kind of [ipaddr.IPv4, ipaddr.IPv6]) {
    const ranges = (kind.prototype as unknown as { SpecialRanges: LibraryRanges }).SpecialRanges;
    for (const [name, value] of Object.entries(ranges)) {
      if (name === 'unicast') continue;
      const list = Array.isArray(value[0]) ? (value as [ipaddr.IPv4 | ipaddr.IPv6, number][]) : [value as [ipaddr.IPv4 | ipaddr.IPv6, number]];
      for (const [address, bits] of list) blocks.push([name, `${address.toString()}/${bits}`]);
    }
  }
  return blocks;
}

describe('Outbound address policy', () => {
  it('classifies canonical addresses and refuses anything else as invalid (no guessing at spellings)', () => {
    const cases: [string, string, string?][] = [
      ['93.184.216.34', 'public'],
      ['2606:4700::1111', 'public'],
      ['127.0.0.1', 'loopback', '127.0.0.0/8'],
      ['::1', 'loopback', '::1/128'],
      ['::ffff:127.0.0.1', 'refused', '::ffff:0:0/96'],
      ['::ffff:0:7f00:1', 'refused', '::ffff:0:0:0/96'],
      ['fe80::1%eth0', 'refused', 'fe80::/10'],
      ['64:ff9b:1::a9fe:a9fe', 'refused', '64:ff9b:1::/48'],
      ['2001:10::1', 'refused', '2001:10::/28'],
      ['0x7f.1', 'invalid'],
      ['127.1', 'invalid'],
      ['2130706433', 'invalid'],
      ['[::1]', 'invalid'],
      ['', 'invalid'],
      ['hooks.example.com', 'invalid'],
    ];
    for (const [address, kind, cidr] of cases) {
      const found = classifyAddress(address);
      expect(found.kind, address).to.equal(kind);
      if (cidr) expect('range' in found && found.range.cidr, address).to.equal(cidr);
    }
  });

  it('admits loopback only when asked to, and never a refused or invalid address', () => {
    expect(addressAllowed(classifyAddress('127.0.0.1'), false)).to.equal(false);
    expect(addressAllowed(classifyAddress('127.0.0.1'), true)).to.equal(true);
    expect(addressAllowed(classifyAddress('10.0.0.1'), true)).to.equal(false);
    expect(addressAllowed(classifyAddress('not an address'), true)).to.equal(false);
    expect(addressAllowed(classifyAddress('8.8.8.8'), false)).to.equal(true);
  });

  it('keeps the table well-formed: network-aligned blocks, none hidden behind an earlier one', () => {
    for (const ranges of [SPECIAL_IPV4_RANGES, SPECIAL_IPV6_RANGES]) {
      ranges.forEach((range, index) => {
        const [network, bits] = ipaddr.parseCIDR(range.cidr);
        const kind = network.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
        expect(kind.networkAddressFromCIDR(range.cidr).toString(), range.cidr).to.equal(network.toString());
        expect(range.rfc, range.cidr).to.match(/^RFC \d+$/);
        const ends = [network, kind.broadcastAddressFromCIDR(range.cidr)].map((address) => classifyAddress(address.toString()));
        const named = ends.map((found) => 'range' in found && found.range);
        expect(named, `${range.cidr} (entry ${index}) is reported as itself at one of its ends`).to.include(range);
        expect(bits).to.be.within(1, network.kind() === 'ipv4' ? 32 : 128);
      });
    }
  });

  it('covers every special-purpose block ipaddr.js knows, first and last address, by a named entry of its own table', () => {
    const blocks = libraryBlocks();
    expect(blocks.length).to.be.above(30);
    for (const [name, cidr] of blocks) {
      const kind = cidr.includes(':') ? ipaddr.IPv6 : ipaddr.IPv4;
      for (const address of [kind.networkAddressFromCIDR(cidr), kind.broadcastAddressFromCIDR(cidr)]) {
        const found = classifyAddress(address.toString());
        expect(found.kind, `${name} ${cidr}: ${address}`).to.be.oneOf(['refused', 'loopback']);
        expect('range' in found && found.range.name, `${name} ${cidr}`).not.to.match(/ipaddr\.js/);
      }
    }
  });
});
