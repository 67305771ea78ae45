import { expect } from 'chai';
import type { LookupAddress } from 'node:dns';
import { guardedLookup, RefusedAddressError, type HostResolver } from '../../../src/outbound/guarded-lookup.js';

const answers =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

type Outcome = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookup(resolver: HostResolver, allowLoopback: boolean, all: boolean): Promise<Outcome> {
  return new Promise((resolve) =>
    guardedLookup(allowLoopback, resolver)('hooks.example.com', { all }, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('Guarded lookup (connect-time address check)', () => {
  it('hands the socket exactly the addresses it checked, one or all', async () => {
    const resolver = answers('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    expect(await lookup(resolver, false, false)).to.deep.equal({ error: null, address: '93.184.216.34', family: 4 });
    const all = await lookup(resolver, false, true);
    expect(all.error).to.equal(null);
    expect(all.address).to.deep.equal([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('refuses the whole name when any A or AAAA record is a refused address', async () => {
    for (const [addresses, cidr] of [
      [['93.184.216.34', '::ffff:169.254.169.254'], '::ffff:0:0/96'],
      [['93.184.216.34', '64:ff9b:1::a9fe:a9fe'], '64:ff9b:1::/48'],
      [['2001:10::1'], '2001:10::/28'],
      [['10.0.0.1', '93.184.216.34'], '10.0.0.0/8'],
      [['fe80::1%eth0'], 'fe80::/10'],
    ] as const) {
      const { error } = await lookup(answers(...addresses), true, true);
      expect(error, addresses.join(' ')).to.be.instanceOf(RefusedAddressError);
      const refused = (error as RefusedAddressError).refused;
      expect('range' in refused && refused.range.cidr, addresses.join(' ')).to.equal(cidr);
    }
  });

  it('refuses loopback unless development allows it, and an answer that is not an address', async () => {
    expect((await lookup(answers('127.0.0.1'), false, false)).error).to.be.instanceOf(RefusedAddressError);
    expect(await lookup(answers('127.0.0.1'), true, false)).to.deep.equal({ error: null, address: '127.0.0.1', family: 4 });
    expect((await lookup(answers('::1'), false, true)).error).to.be.instanceOf(RefusedAddressError);
    expect((await lookup(answers('0x7f.1'), true, false)).error).to.be.instanceOf(RefusedAddressError);
  });

  it('passes resolver failures and empty answers on as errors', async () => {
    const failing: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect((await lookup(failing, false, false)).error?.code).to.equal('ENOTFOUND');
    expect((await lookup(answers(), false, false)).error?.code).to.equal('ENOTFOUND');
  });

  it('checks what the system resolver answers for localhost', async () => {
    const system = (allowLoopback: boolean) =>
      new Promise<Outcome>((resolve) => guardedLookup(allowLoopback)('localhost', {}, (error, address, family) => resolve({ error, address, family })));
    expect((await system(false)).error).to.be.instanceOf(RefusedAddressError);
    const allowed = await system(true);
    expect(allowed.error).to.equal(null);
    expect(allowed.address).to.be.oneOf(['127.0.0.1', '::1']);
  });
});
