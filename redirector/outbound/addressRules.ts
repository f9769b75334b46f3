/**
 * Where the service may send requests of its own (webhooks; link checks later), docs/api.md#webhooks:
 * http or https only, and never to an address that is or resolves to loopback, private,
 * link-local, CGNAT or multicast space, unless OUTBOUND_ALLOW_PRIVATE=1. A name is checked when a
 * destination is saved and again on every connection: `guardedLookup` hands http.request only
 * the addresses it checked, so a name that resolves elsewhere later (DNS rebinding) is refused.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { NameLookup } from './nameLookup';

export const OUTBOUND_SCHEME_RULE = 'The address must start with http:// or https://';
export const OUTBOUND_PRIVATE_RULE =
  'The address is (or resolves to) a loopback, private, link-local, CGNAT or multicast address';
export const OUTBOUND_UNRESOLVABLE = 'The address does not resolve';

/** IPv4 ranges refused, as [first address, prefix length]. */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function blockedV4(address: string): boolean {
  const value = v4Number(address);
  return BLOCKED_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(first);
    return value >= start && value < start + size;
  });
}

/** The 8 groups of an IPv6 address as numbers (`::` expanded, an embedded IPv4 tail included). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const value = v4Number(v4Tail[1]!);
    text = `${text.slice(0, -v4Tail[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => Number.parseInt(group, 16));
}

function blockedV6(address: string): boolean {
  const groups = v6Groups(address);
  const first = groups[0] ?? 0;
  if (groups.every((group) => group === 0)) return true; // ::
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 prefix: judged by the IPv4 address inside.
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 = first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (mapped || nat64) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return blockedV4(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  return (first & 0xff00) === 0xff00; // ff00::/8 multicast
}

/** Whether the service must not connect to this IP address (under the default rule). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockedV4(address);
  if (family === 6) return blockedV6(address);
  return true;
}

export interface OutboundRules {
  /** OUTBOUND_ALLOW_PRIVATE=1: every address allowed (tests, private networks). */
  allowPrivate: boolean;
  /** The resolver; dns.promises.lookup by default. */
  resolve?: (host: string) => Promise<string[]>;
  /** The lookup of each connection (guardedLookup); dns.lookup by default (link checks: nameLookup.ts). */
  lookup?: NameLookup;
}

async function resolveAll(host: string): Promise<string[]> {
  const answers = await dns.promises.lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** The host of a URL without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why the service may not send to `text` (one of the OUTBOUND_ rules), or undefined when it may.
 * The name is resolved: every address it gives must be allowed.
 */
export async function outboundProblem(text: string, rules: OutboundRules): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return OUTBOUND_SCHEME_RULE;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return OUTBOUND_SCHEME_RULE;
  if (rules.allowPrivate) return undefined;
  const host = bareHost(url);
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await (rules.resolve ?? resolveAll)(host);
  } catch {
    return OUTBOUND_UNRESOLVABLE;
  }
  if (addresses.length === 0) return OUTBOUND_UNRESOLVABLE;
  return addresses.some(isPrivateAddress) ? OUTBOUND_PRIVATE_RULE : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request/https.request: resolves the name and hands on only allowed
 * addresses, failing the connection otherwise; the socket connects to exactly what was checked.
 */
export function guardedLookup(rules: OutboundRules) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    const lookup: NameLookup = rules.lookup ?? ((name, given, done) => dns.lookup(name, { ...given, all: true }, done));
    lookup(hostname, options, (error, answers) => {
      if (error) return callback(error, []);
      const list = answers;
      const allowed = rules.allowPrivate ? list : list.filter((answer) => !isPrivateAddress(answer.address));
      if (allowed.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(OUTBOUND_PRIVATE_RULE);
        refused.code = 'EOUTBOUNDPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, allowed);
      const first = allowed[0]!;
      callback(null, first.address, first.family);
    });
  };
}
