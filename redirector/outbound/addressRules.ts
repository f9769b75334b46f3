/**
 * Where the service may send requests of its own (webhooks, link checks),
 * docs/api.md#outbound-addresses: http or https only, and never to an address that is or resolves
 * to one the IANA special-purpose registries mark not globally reachable (loopback, private,
 * link-local, CGNAT, multicast, documentation, benchmarking, reserved…), unless
 * OUTBOUND_ALLOW_PRIVATE=1. The ranges are
 * ipaddr.js's, not a list of ours. A name is checked when a destination is saved and again on
 * every connection: `guardedLookup` hands http.request only the addresses it checked, so a name
 * that resolves elsewhere later (DNS rebinding) is refused.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { parsedHttpUrl } from '../contract/urls';
import type { NameLookup } from './nameLookup';

export const OUTBOUND_SCHEME_RULE = 'The address must start with http:// or https://';
export const OUTBOUND_PRIVATE_RULE =
  'The address is (or resolves to) a loopback, private, link-local, CGNAT or multicast address';
export const OUTBOUND_UNRESOLVABLE = 'The address does not resolve';

/**
 * The IANA IPv6 Address Space registry allocates only 2000::/3 as Global Unicast: ipaddr.js calls
 * the rest of the space `unicast` too (the deprecated IPv4-compatible ::/96, the dummy prefix
 * 100:0:0:1::/64 of the special-purpose registry, unassigned space), so an IPv6 address must also
 * fall in it.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** 64:ff9b::/96, the one NAT64 prefix that reaches the IPv4 address in its last 32 bits. */
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function v4FromGroups(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address leads to (IPv4-mapped, well-known NAT64, 6to4, Teredo's
 * server and its obfuscated client), or undefined when it wraps none. 64:ff9b:1::/48 is left to
 * ipaddr's `rfc6052`: local-use translation, not globally reachable whatever it wraps.
 */
function wrappedV4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const groups = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped') return [address.toIPv4Address()];
  if (range === 'rfc6052' && address.match(WELL_KNOWN_NAT64)) return [v4FromGroups(groups[6]!, groups[7]!)];
  if (range === '6to4') return [v4FromGroups(groups[1]!, groups[2]!)];
  if (range === 'teredo') {
    return [v4FromGroups(groups[2]!, groups[3]!), v4FromGroups(~groups[6]! & 0xffff, ~groups[7]! & 0xffff)];
  }
  return undefined;
}

const globalV4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

function globalV6(address: ipaddr.IPv6): boolean {
  const inside = wrappedV4(address);
  if (inside) return inside.every(globalV4);
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}

/** Whether the service must not connect to this IP address (under the default rule). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address.split('%')[0]!);
  if (family === 0) return true;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4' ? !globalV4(parsed as ipaddr.IPv4) : !globalV6(parsed as ipaddr.IPv6);
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
  const url = parsedHttpUrl(text);
  if (url === undefined) return OUTBOUND_SCHEME_RULE;
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
