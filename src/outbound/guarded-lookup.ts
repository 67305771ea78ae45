import dns, { type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressAllowed, classifyAddress, type AddressClass } from './address-policy.js';

/** Resolves a host name to every address (A and AAAA); `dns.lookup` by default, replaceable in tests. */
export type HostResolver = (hostname: string, options: { family?: number | 'IPv4' | 'IPv6'; hints?: number }) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname, { family, hints }) => dns.promises.lookup(hostname, { family, hints, all: true });

export class RefusedAddressError extends Error {
  readonly code = 'EOUTBOUNDADDRESS';
  constructor(
    readonly hostname: string,
    readonly refused: AddressClass,
  ) {
    super(`${hostname} resolves to an address outbound requests may not reach`);
  }
}

/**
 * A `lookup` for `http.request` / `net.connect` that resolves the name once and hands the socket
 * only addresses it has checked: when any address is refused (one bad A or AAAA record is enough),
 * the connection fails. As the check happens at the moment of connecting, a name re-pointed to a
 * private address after it was registered (DNS rebinding) reaches nothing.
 */
export function guardedLookup(allowLoopback: boolean, resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints }).then(
      (addresses) => {
        const checked = addresses.map((entry) => ({ entry, found: classifyAddress(entry.address) }));
        const refused = checked.find(({ found }) => !addressAllowed(found, allowLoopback));
        // Answered outside the promise chain, so an exception in the socket's callback is not taken for a resolver failure.
        process.nextTick(() => {
          if (checked.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
          if (refused) return callback(new RefusedAddressError(hostname, refused.found), '', 4);
          const list = checked.map(({ entry }) => ({ address: entry.address, family: entry.family }));
          if (options.all) return callback(null, list);
          callback(null, list[0].address, list[0].family);
        });
      },
      (error: NodeJS.ErrnoException) => process.nextTick(() => callback(error, '', 4)),
    );
  };
}
