/**
 * The key a client address is limited by: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so its addresses are one client), an IPv4-mapped IPv6
 * address as the IPv4 address it carries.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Anything that is not an address (a forged X-Forwarded-For) is kept short, so keys stay small. */
const MAX_OTHER_KEY_LENGTH = 64;

export function clientKeyOf(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare.slice(0, MAX_OTHER_KEY_LENGTH);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (an embedded IPv4 tail converted). */
function ipv6Groups(address: string): string[] {
  const withoutZone = address.split('%')[0] ?? address;
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  let text = withoutZone;
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${withoutZone.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
