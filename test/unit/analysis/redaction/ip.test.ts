import { expect } from 'chai';
import { detectIps } from '../../../../src/analysis/redaction/detectors/ip.js';
import { found } from './helpers.js';

describe('detectIps', () => {
  it('given IPv4 and IPv6 addresses, when detecting, then finds each', () => {
    const text = 'From 192.168.1.20, 2001:db8:85a3::8a2e:370:7334 and fe80::1ff:fe23:4567:890a.';
    expect(found(text, detectIps(text))).to.deep.equal(['192.168.1.20', '2001:db8:85a3::8a2e:370:7334', 'fe80::1ff:fe23:4567:890a']);
  });
  it('given versions, dates, times and bad octets, when detecting, then finds nothing', () => {
    expect(detectIps('v2.4.1, 10.2, 1.2.3.4.5, version 10.0.0.1, 12.03.2024, 10:30:15, 300.1.1.1')).to.deep.equal([]);
  });
});
