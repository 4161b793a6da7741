import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, isIPv4, isIPv6, type LookupFunction } from 'node:net';

/**
 * Where the server may open outbound connections to addresses an operator typed (webhook URLs).
 *
 * Only ordinary public unicast addresses are allowed. Everything else is refused: the loopback,
 * private, link-local and shared (CGNAT) networks the server itself sits on, cloud metadata at
 * 169.254.169.254, multicast and broadcast, and every range IANA's special-purpose registries
 * (https://www.iana.org/assignments/iana-ipv4-special-registry, .../iana-ipv6-special-registry) mark
 * as not globally reachable, documentation and benchmarking ranges included. IPv6 forms that carry
 * an IPv4 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4
 * address they lead to; the deprecated IPv4-compatible ::a.b.c.d and SIIT ::ffff:0:a.b.c.d forms are
 * refused outright, and so is all IPv6 space outside 2000::/3 (the only block IANA allocates as
 * global unicast).
 *
 * Deliberately allowed although listed in the registries, because they are globally reachable: the
 * AS112 anycast DNS sinks 192.31.196.0/24, 192.175.48.0/24 and 2620:4f:8000::/48, and 64:ff9b::/96
 * when the embedded IPv4 address is public. (The globally reachable anycast entries inside 2001::/23
 * are refused with the rest of that block: none of them is a web server.)
 *
 * Checking a name once and connecting later lets DNS rebinding through (the name answers a public
 * address to the check and a private one to the connection). `guardedLookup` closes that: it is the
 * `lookup` of the connection itself, so the addresses it checks are the ones the socket connects to.
 */

/** A special-purpose range an address falls in: its CIDR and what it is for. */
export interface SpecialRange {
  readonly cidr: string;
  readonly name: string;
}

/** Whether addresses outside the public internet may be reached (WEBHOOK_PRIVATE_ADDRESSES). */
export type PrivateAddressPolicy = 'allow' | 'refuse';

interface Block {
  readonly prefix: readonly number[];
  readonly bits: number;
  readonly range: SpecialRange;
}

function block(cidr: string, name: string): Block {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = isIPv4(address) ? ipv4Bytes(address) : ipv6Bytes(address);
  return { prefix: bytes, bits: Number(bits), range: { cidr, name } };
}

/** IPv4 blocks, the more specific before the less specific. */
const IPV4_BLOCKS: readonly Block[] = [
  block('0.0.0.0/8', 'this network (unspecified)'),
  block('10.0.0.0/8', 'private'),
  block('100.64.0.0/10', 'shared address space (CGNAT)'),
  block('127.0.0.0/8', 'loopback'),
  block('169.254.0.0/16', 'link-local (cloud metadata)'),
  block('172.16.0.0/12', 'private'),
  block('192.0.0.0/24', 'IETF protocol assignments'),
  block('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  block('192.88.99.0/24', '6to4 relay anycast (deprecated)'),
  block('192.168.0.0/16', 'private'),
  block('198.18.0.0/15', 'benchmarking'),
  block('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  block('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  block('224.0.0.0/4', 'multicast'),
  block('255.255.255.255/32', 'limited broadcast'),
  block('240.0.0.0/4', 'reserved'),
];

/** IPv6 blocks judged without looking at an embedded IPv4 address, the more specific first. */
const IPV6_BLOCKS: readonly Block[] = [
  block('::/128', 'unspecified'),
  block('::1/128', 'loopback'),
  block('::ffff:0:0:0/96', 'IPv4-translated (SIIT)'),
  block('::/96', 'IPv4-compatible (deprecated)'),
  block('64:ff9b:1::/48', 'local-use IPv4/IPv6 translation'),
  block('100::/64', 'discard-only'),
  block('2001:db8::/32', 'documentation'),
  block('2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'),
  block('3fff::/20', 'documentation'),
  block('5f00::/16', 'segment routing (SRv6) SIDs'),
  block('fc00::/7', 'unique local'),
  block('fe80::/10', 'link-local'),
  block('fec0::/10', 'site-local (deprecated)'),
  block('ff00::/8', 'multicast'),
];

/** IPv6 prefixes that carry an IPv4 address, and where in the 16 bytes it sits. */
const IPV4_CARRIERS: readonly { readonly block: Block; readonly at: number }[] = [
  { block: block('::ffff:0:0/96', 'IPv4-mapped'), at: 12 },
  { block: block('64:ff9b::/96', 'NAT64 well-known prefix'), at: 12 },
  { block: block('2002::/16', '6to4'), at: 2 },
];

const GLOBAL_UNICAST = block('2000::/3', 'global unicast');
const OUTSIDE_GLOBAL_UNICAST: SpecialRange = { cidr: 'outside 2000::/3', name: 'reserved by the IETF (not global unicast)' };
const NOT_AN_ADDRESS: SpecialRange = { cidr: '-', name: 'not an IP address' };

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of a textual IPv6 address (isIPv6 already said yes); a zone (`%eth0`) is dropped. */
function ipv6Bytes(text: string): number[] {
  let address = text.replace(/%.*$/, '');
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(last);
    tail.push(a, b, c, d);
    address = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inBlock(bytes: readonly number[], { prefix, bits }: Block): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Range(bytes: readonly number[]): SpecialRange | null {
  return IPV4_BLOCKS.find((b) => inBlock(bytes, b))?.range ?? null;
}

/**
 * The special-purpose range `address` falls in, or null for an ordinary public address.
 *
 * An IPv6 address carrying an IPv4 one (mapped, NAT64, 6to4) answers the IPv4 address's range, its
 * name saying through which form. Anything that is not an IP address answers a range too: callers
 * fail closed.
 */
export function specialRangeOf(address: string): SpecialRange | null {
  if (isIPv4(address)) return ipv4Range(ipv4Bytes(address));
  if (!isIPv6(address)) return NOT_AN_ADDRESS;
  const bytes = ipv6Bytes(address);
  for (const { block: carrier, at } of IPV4_CARRIERS) {
    if (!inBlock(bytes, carrier)) continue;
    const inner = ipv4Range(bytes.slice(at, at + 4));
    return inner ? { cidr: inner.cidr, name: `${inner.name}, as ${carrier.range.name} ${carrier.range.cidr}` } : null;
  }
  const special = IPV6_BLOCKS.find((b) => inBlock(bytes, b));
  if (special) return special.range;
  return inBlock(bytes, GLOBAL_UNICAST) ? null : OUTSIDE_GLOBAL_UNICAST;
}

/** Whether `address` is an ordinary public unicast address (see `specialRangeOf`). */
export function isPublicAddress(address: string): boolean {
  return specialRangeOf(address) === null;
}

/**
 * Special-use domain names that only ever mean something local: `localhost` (RFC 6761), `local`
 * (mDNS, RFC 6762), `home.arpa` (RFC 8375) and `internal` (reserved for private use by ICANN, 2024).
 */
const LOCAL_NAME = /(^|\.)(localhost|local|home\.arpa|internal)$/;

/**
 * Why a URL's host (as WHATWG URL parsing leaves it: lower case, IPv4 in dotted decimal, IPv6 in
 * brackets) cannot be an outbound destination, judged from the text alone; null when only resolving
 * it can tell (an ordinary name) or it is a public address.
 *
 * WHATWG parsing already turned `http://2130706433/`, `http://0x7f.1/` and `http://0177.0.0.1/` into
 * 127.0.0.1, so the address checks see the address the connection would use.
 */
export function hostRefusal(hostname: string): SpecialRange | null {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '').toLowerCase();
  if (isIP(host) !== 0) return specialRangeOf(host);
  if (host === '' || LOCAL_NAME.test(host)) return { cidr: '-', name: 'local host name' };
  return null;
}

/** Thrown by `guardedLookup` when a name leads to an address outside the public internet. */
export class OutboundAddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED_OUTBOUND';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: SpecialRange,
  ) {
    super(`${hostname} resolves to ${address}, ${range.name} (${range.cidr}): outbound connections go to public addresses only`);
    this.name = 'OutboundAddressRefusedError';
  }
}

/** Resolves a host name to all its addresses (the system resolver by default; tests pass a fake). */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system resolver (`dns.lookup`, what net.connect uses by default), every address it answers. */
export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true });

/**
 * A `lookup` for http(s).request / net.connect that resolves once and answers only addresses the
 * policy allows: under `refuse`, a name with any answer outside the public internet fails with
 * `OutboundAddressRefusedError` (a name that mixes public and private answers is not a webhook
 * endpoint, and refusing it whole leaves nothing to chance in the connection's address selection).
 *
 * The socket connects to what this returns, never to a second resolution, so a name cannot answer a
 * public address to the check and a private one to the connection. Literal IP hosts never reach a
 * lookup (net connects to them directly): check those with `hostRefusal` first.
 */
export function guardedLookup(policy: PrivateAddressPolicy, resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolve(hostname).then(
      (answers) => {
        const valid = answers.filter((a) => isIP(a.address) === a.family);
        if (policy === 'refuse') {
          for (const { address } of valid) {
            const range = specialRangeOf(address);
            if (range) {
              callback(new OutboundAddressRefusedError(hostname, address, range), '', 0);
              return;
            }
          }
        }
        const addresses = valid.filter((a) => family === 0 || a.family === family);
        const [first] = addresses;
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '', 0);
          return;
        }
        if (options.all) callback(null, addresses.map(({ address, family: f }) => ({ address, family: f })));
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
