import { describe, expect, it } from 'vitest';
import { isPublicAddress, noExceptions, resolvePublic } from './address-policy.js';

/**
 * Security 6: outbound requests may connect only to global unicast addresses, whatever the notation.
 * `::ffff:0:7f00:1` (IPv4-translated, ::ffff:0:0/96), `3fff::/20` and `5f00::/16` used to pass.
 */
describe('outbound address policy', () => {
  it.each([
    // IPv4 special ranges
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 loopback and unspecified, in every spelling
    '::1',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::',
    '0::0',
    // IPv4-mapped (::ffff:0:0/96), mixed dotted, expanded, upper case
    '::ffff:127.0.0.1',
    '::FFFF:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0:0:0:0:0:FFFF:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    // IPv4-translated (::ffff:0:0:0/96): these used to pass
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:808:808',
    // IPv4-compatible (deprecated)
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    // NAT64 of private IPv4, local-use NAT64
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b:1::808:808',
    // 6to4, Teredo, other IETF assignments, documentation, SRv6 SIDs, discard
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:20::1',
    '2001:db8::1',
    '2001:DB8::1',
    '3fff::1',
    '3FFF:FFF:FFFF::1',
    '5f00::1',
    '5f00:ffff::1',
    '100::1',
    // unique-local, link-local (with zone ids), site-local, multicast
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'fe80::1%25eth0',
    'fec0::1',
    'ff02::1',
    'FF05::2',
    // outside global unicast altogether
    '4000::1',
    '8000::1',
    'e000::1',
    // not addresses at all
    '[::1]',
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '',
    'localhost',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2A00:1450:4001:80B::200E',
    '2001:4860:4860::8888',
    '2400:cb00::1',
    '3ffe:ffff::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(['[::ffff:0:7f00:1]', '[3fff::1]', '[5f00::1]', '[::ffff:7f00:1]', '127.0.0.1', '[fe80::1%25lo]'])(
    'refuses the URL host %s before any connection',
    async (host) => {
      await expect(resolvePublic(host, noExceptions)).rejects.toMatchObject({ status: 403 });
    },
  );
});
