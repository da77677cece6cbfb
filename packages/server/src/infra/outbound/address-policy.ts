import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../errors.js';

/**
 * Which addresses the server's outbound requests (the image proxy, one-click unsubscribe) may connect to (SSRF rules): only global unicast, decided on the
 * address itself whatever its notation (compressed, expanded, upper case, dotted tail, zone id).
 * IPv4: everything but the special-purpose ranges below (loopback, unspecified, RFC 1918, CGNAT,
 * link-local with the cloud metadata address 169.254.169.254, documentation/benchmark/reserved,
 * multicast, broadcast). IPv6: an allow list — only 2000::/3 (global unicast) minus its special ranges;
 * everything outside it is refused without a list to keep up to date (IPv4-compatible, IPv4-translated
 * `::ffff:0:0/96`, discard, unique-local, link-local, site-local, multicast, SRv6 SIDs `5f00::/16`, and
 * whatever IANA assigns next). Two IPv6 forms carry an IPv4 address and are judged by it: IPv4-mapped
 * `::ffff:a.b.c.d` (the OS connects over IPv4) and well-known NAT64 `64:ff9b::a.b.c.d` (DNS64 on an
 * IPv6-only host).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments, incl. Teredo 2001::/32, ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(address);
  if (embedded) return isPublicAddress(embedded);
  const bare = address.replace(/%.*$/, '');
  return globalUnicast.check(bare, 'ipv6') && !blocked.check(bare, 'ipv6');
}

/**
 * The IPv4 address inside ::ffff:a.b.c.d (mapped) or 64:ff9b::a.b.c.d (NAT64), in any notation. Not
 * ::ffff:0:a.b.c.d (IPv4-translated, SIIT): no address to connect to, so it stays outside 2000::/3.
 */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  const [hi, lo] = [groups[6]!, groups[7]!];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function expandIpv6(address: string): number[] | null {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...new Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

export const refused = () => new AppError('Forbidden', 403, 'This address is not allowed');

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Hosts an operator or a test lets outbound requests reach although their addresses are not public. */
export interface OutboundPolicy {
  /** TEST ONLY (IMAGE_PROXY_TEST_RESOLVE): a listed host resolves to its listed address, exactly that pair. */
  testResolve: ReadonlyMap<string, string>;
  /**
   * OUTBOUND_ALLOW_HOSTS: host names or IP literals reached whatever they resolve to, on any port, also over plain
   * http (an intranet list server, a test listener on loopback). Empty by default.
   */
  allowHosts: ReadonlySet<string>;
}

export const noExceptions: OutboundPolicy = { testResolve: new Map(), allowHosts: new Set() };

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The host is one the policy names explicitly (test-mapped or allow-listed). */
export function isExceptedHost(hostname: string, policy: OutboundPolicy): boolean {
  const host = bareHost(hostname);
  return policy.testResolve.has(host) || policy.allowHosts.has(host);
}

/**
 * Resolves a host name for an outbound request and refuses it when *any* address it resolves to is not public (a
 * name with one private record among public ones is treated as hostile). A test-mapped host resolves to its
 * mapped address; an allow-listed host resolves by DNS without the check.
 */
export async function resolvePublic(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname);
  const mapped = policy.testResolve.get(host);
  if (mapped) return [{ address: mapped, family: isIP(mapped) === 6 ? 6 : 4 }];
  const allowed = policy.allowHosts.has(host);
  if (isIP(host)) {
    if (!allowed && !isPublicAddress(host)) throw refused();
    return [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new AppError('RemoteServerError', 502, 'The host could not be resolved');
  }
  if (addresses.length === 0 || (!allowed && addresses.some((a) => !isPublicAddress(a.address)))) {
    throw refused();
  }
  return addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}
