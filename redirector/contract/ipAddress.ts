/**
 * IPv4 and IPv6 addresses and CIDR blocks as 16-bit words, for redirect rules' `ip` conditions
 * (docs/api.md#redirect-rules) and for the place of a visit (`visits/geoip.ts`,
 * `visits/geoipDatabase.ts`): the check of a saved block, the visit's match and the place's lookup
 * read addresses here, one reader for all. Reading allocates nothing: a visit reads its address
 * into words it reuses. Pure.
 */

/** 4 or 6; 0: not an address. */
export type AddressFamily = 0 | 4 | 6;

/** A block: its family, its network's words (IPv4: the first two) and its prefix length. */
export interface Cidr {
  family: 4 | 6;
  words: Uint16Array;
  prefix: number;
}

const DOT = 46;

/**
 * Reads `address` into `words` (IPv4: words 0 and 1, IPv6: all eight) and answers its family, 0
 * when it is neither (then `words` holds nothing useful). A zone (`fe80::1%eth0`) is left out;
 * IPv6 may be compressed (`::`) and end in an IPv4 address (`::ffff:192.0.2.1`).
 */
export function readAddress(address: string, words: Uint16Array): AddressFamily {
  // IPv4 first, whole: the redirect reads an address per click, and other text fails within a few
  // characters; then a colon (IPv6) or a zone, which IPv6 and IPv4 addresses may both end in.
  if (readIpv4(address, 0, address.length, words, 0)) return 4;
  const colon = address.indexOf(':');
  const zone = address.indexOf('%');
  if (zone === -1 && colon === -1) return 0;
  const end = zone === -1 ? address.length : zone;
  if (colon !== -1 && colon < end) return readIpv6(address, end, words) ? 6 : 0;
  return readIpv4(address, 0, end, words, 0) ? 4 : 0;
}

/**
 * The IPv4 address that words read by readAddress hold, as an unsigned 32-bit number: the address
 * itself, or the one an IPv4-mapped IPv6 address carries (`::ffff:192.0.2.1`, `::ffff:c000:201`,
 * however it is written); -1 for any other IPv6 address and for none.
 */
export function ipv4Of(family: AddressFamily, words: Uint16Array): number {
  if (family === 4) return ((words[0]! << 16) | words[1]!) >>> 0;
  if (family !== 6 || words[5] !== 0xffff) return -1;
  for (let index = 0; index < 5; index += 1) if (words[index] !== 0) return -1;
  return ((words[6]! << 16) | words[7]!) >>> 0;
}

/** Four dot-separated numbers of 1 to 3 digits up to 255, in [start, end), into words[at] and words[at + 1]. */
function readIpv4(text: string, start: number, end: number, words: Uint16Array, at: number): boolean {
  let parts = 0;
  let part = 0;
  let digits = 0;
  let address = 0;
  for (let index = start; index <= end; index += 1) {
    const code = index === end ? DOT : text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      digits += 1;
      if (digits > 3) return false;
      part = part * 10 + code - 48;
      continue;
    }
    if (code !== DOT || digits === 0 || part > 255 || parts === 4) return false;
    address = address * 256 + part;
    parts += 1;
    part = 0;
    digits = 0;
  }
  if (parts !== 4) return false;
  words[at] = address >>> 16;
  words[at + 1] = address & 0xffff;
  return true;
}

/** Eight words, or fewer around one `::` standing for at least one word of zeros. */
function readIpv6(text: string, end: number, words: Uint16Array): boolean {
  let gap = text.indexOf('::');
  if (gap >= end) gap = -1;
  if (gap === -1) return readGroups(text, 0, end, words, 0) === 8;
  const second = text.indexOf('::', gap + 2);
  if (second !== -1 && second < end) return false;
  const head = readGroups(text, 0, gap, words, 0);
  if (head === -1) return false;
  const tail = readGroups(text, gap + 2, end, words, head);
  if (tail === -1 || head + tail > 7) return false;
  // The tail to the end, then zeros in the gap: by hand, as copyWithin and fill cost more for eight words.
  for (let index = tail - 1; index >= 0; index -= 1) words[8 - tail + index] = words[head + index]!;
  for (let index = head; index < 8 - tail; index += 1) words[index] = 0;
  return true;
}

/**
 * The colon-separated groups of [start, end) (1 to 4 hex digits each; the last may be an IPv4
 * address, two words) written from words[at]: how many words, -1 when not groups or over eight in all.
 */
function readGroups(text: string, start: number, end: number, words: Uint16Array, at: number): number {
  if (start === end) return 0;
  let count = 0;
  let partStart = start;
  for (;;) {
    let partEnd = text.indexOf(':', partStart);
    if (partEnd === -1 || partEnd > end) partEnd = end;
    const last = partEnd === end;
    if (last && text.lastIndexOf('.', end - 1) >= partStart) {
      if (at + count + 2 > 8 || !readIpv4(text, partStart, end, words, at + count)) return -1;
      return count + 2;
    }
    const word = hexWord(text, partStart, partEnd);
    if (word === -1 || at + count >= 8) return -1;
    words[at + count] = word;
    count += 1;
    if (last) return count;
    partStart = partEnd + 1;
  }
}

/** 1 to 4 hex digits as a number; -1 otherwise. */
function hexWord(text: string, start: number, end: number): number {
  if (end <= start || end - start > 4) return -1;
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    const digit =
      code >= 48 && code <= 57
        ? code - 48
        : code >= 97 && code <= 102
          ? code - 87
          : code >= 65 && code <= 70
            ? code - 55
            : -1;
    if (digit === -1) return -1;
    value = (value << 4) | digit;
  }
  return value;
}

/**
 * Whether IPv6 words read by readAddress are an IPv4-mapped address (`::ffff:192.0.2.1`, however it
 * is written); if so, words 0 and 1 now hold the IPv4 address it carries, to be read as IPv4.
 */
export function unmapIpv4(words: Uint16Array): boolean {
  for (let index = 0; index < 5; index += 1) if (words[index] !== 0) return false;
  if (words[5] !== 0xffff) return false;
  words[0] = words[6]!;
  words[1] = words[7]!;
  return true;
}

/**
 * A block (`203.0.113.0/24`, `2001:db8::/32`); a bare address is one host. Undefined: not a block.
 * An IPv4-mapped block (`::ffff:192.0.2.0/120`, within `::ffff:0:0/96`) is the IPv4 block it
 * carries (`192.0.2.0/24`), as a visitor's mapped address is the IPv4 address it carries.
 */
export function parseCidr(cidr: string): Cidr | undefined {
  const slash = cidr.indexOf('/');
  const words = new Uint16Array(8);
  const family = readAddress(slash === -1 ? cidr : cidr.slice(0, slash), words);
  if (family === 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  const prefixText = slash === -1 ? String(bits) : cidr.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  const prefix = Number(prefixText);
  if (family === 6 && prefix >= 96 && unmapIpv4(words)) return { family: 4, words, prefix: prefix - 96 };
  return { family, words, prefix };
}

/** Whether an address read by readAddress is in the block; never across families. */
export function inCidr(family: AddressFamily, words: Uint16Array, cidr: Cidr): boolean {
  if (family !== cidr.family) return false;
  const whole = cidr.prefix >> 4;
  for (let index = 0; index < whole; index += 1) if (words[index] !== cidr.words[index]) return false;
  const rest = cidr.prefix & 15;
  if (rest === 0) return true;
  const mask = (0xffff << (16 - rest)) & 0xffff;
  return ((words[whole]! ^ cidr.words[whole]!) & mask) === 0;
}
