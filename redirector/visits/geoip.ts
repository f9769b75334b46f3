/**
 * Country and city of an address, from geoip-lite 1.4's data files with a lookup of our own.
 *
 * geoip-lite's `lookup()` builds a nine-field answer and decodes five NUL-padded strings with a
 * regular expression each: 3.6–6 µs per click, 15 % of the server's busy time in a profile, and it
 * keeps all 145 MB of its files in memory. This reads the same files once (`data/geoip-city.dat`,
 * `geoip-city6.dat`, `geoip-city-names.dat`, laid out as geoip-lite 1.4's `lib/geoip.js` reads
 * them), keeps of each range only what a lookup compares (start, end, location: 64 MB instead of
 * 135 MB), finds the range through a /16 index and decodes only country and city, once per
 * location: 0.8 µs. geoip-lite itself is never loaded.
 * `tests/unit/redirector/visits/geoip.test.ts` checks every answer against geoip-lite's own lookup
 * over 100,000 addresses.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Place {
  /** ISO 3166-1 alpha-2; '' when the data has none. */
  country: string;
  /** '' when the data has none. */
  city: string;
}

/** Where an address is; null when the data knows nothing. The bundled data's is lookupPlace. */
export type PlaceLookup = (address: string) => Place | null;

// Record layouts (geoip-lite 1.4, lib/geoip.js). IPv6 ranges are compared on their first 64 bits,
// as geoip-lite does.
const V4_RECORD = 24; // start u32, end u32, location u32, latitude, longitude, area
const V6_RECORD = 48; // start 4×u32, end 4×u32, location u32, latitude, longitude, area
const V6_LOCATION = 32;
const NAME_RECORD = 88; // country 2, region 3, metro 4, eu 1, time zone 32, city 46
const NAME_CITY = 42;
const NO_LOCATION = 0xffffffff;

/** geoip-lite answers nothing for these, whatever its data says. */
const PRIVATE_V4: readonly (readonly [number, number])[] = [
  [0x0a000000, 0x0affffff],
  [0xac100000, 0xac1fffff],
  [0xc0a80000, 0xc0a8ffff],
];

interface GeoData {
  /** IPv4 ranges, three numbers each: start, end, location. */
  v4: Uint32Array;
  v4Records: number;
  /**
   * By the address's first 16 bits: the first IPv4 range ending at or after that /16, so that a
   * lookup searches a handful of ranges instead of probing all over the table (cache misses were
   * most of its cost).
   */
  v4Index: Uint32Array;
  /** IPv6 ranges by their first 64 bits, five numbers each: start (2), end (2), location. */
  v6: Uint32Array;
  v6Records: number;
  names: Buffer;
  /** Decoded locations by id, filled on first use. */
  places: Map<number, Place>;
}

let loaded: GeoData | undefined;

function dataDir(): string {
  const main = createRequire(import.meta.url).resolve('geoip-lite');
  return path.join(path.dirname(main), '..', 'data');
}

/**
 * Reads a file of fixed-size records in chunks, keeping the big-endian 32-bit words at `words`
 * (byte offsets) of each record.
 */
function readRecords(file: string, recordSize: number, words: readonly number[]): Uint32Array {
  const fd = fs.openSync(file, 'r');
  try {
    const records = Math.floor(fs.fstatSync(fd).size / recordSize);
    const out = new Uint32Array(records * words.length);
    const chunk = Buffer.alloc(recordSize * 65536);
    let o = 0;
    for (let first = 0; first < records; first += 65536) {
      const count = Math.min(65536, records - first);
      fs.readSync(fd, chunk, 0, count * recordSize, first * recordSize);
      for (let r = 0; r < count; r++) {
        for (const word of words) out[o++] = chunk.readUInt32BE(r * recordSize + word);
      }
    }
    return out;
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads the data files (~0.5 s, 74 MB kept); done on first lookup unless called earlier. */
export function loadGeoData(): void {
  if (loaded) return;
  const dir = dataDir();
  const v4 = readRecords(path.join(dir, 'geoip-city.dat'), V4_RECORD, [0, 4, 8]);
  const v6 = readRecords(path.join(dir, 'geoip-city6.dat'), V6_RECORD, [0, 4, 16, 20, V6_LOCATION]);
  const v4Records = v4.length / 3;
  loaded = {
    v4,
    v4Records,
    v4Index: indexByPrefix(v4, v4Records),
    v6,
    v6Records: v6.length / 5,
    names: fs.readFileSync(path.join(dir, 'geoip-city-names.dat')),
    places: new Map(),
  };
}

function indexByPrefix(v4: Uint32Array, records: number): Uint32Array {
  const index = new Uint32Array(65537);
  let prefix = 0;
  for (let record = 0; record < records && prefix <= 0xffff; record++) {
    const endPrefix = v4[record * 3 + 1]! >>> 16;
    while (prefix <= endPrefix) index[prefix++] = record;
  }
  while (prefix <= 0x10000) index[prefix++] = records;
  return index;
}

function place(data: GeoData, location: number): Place | null {
  if (location === NO_LOCATION) return { country: '', city: '' };
  let found = data.places.get(location);
  if (found === undefined) {
    const at = location * NAME_RECORD;
    found = {
      country: nulTerminated(data.names, at, at + 2),
      city: nulTerminated(data.names, at + NAME_CITY, at + NAME_RECORD),
    };
    data.places.set(location, found);
  }
  return found;
}

function nulTerminated(buffer: Buffer, start: number, end: number): string {
  const nul = buffer.indexOf(0, start);
  return buffer.toString('utf8', start, nul === -1 || nul > end ? end : nul);
}

/** The dotted quad as an unsigned 32-bit number, or -1. */
export function parseIPv4(address: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i <= address.length; i++) {
    const c = i === address.length ? 46 : address.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || part > 255) return -1;
      value = value * 256 + part;
      parts++;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      digits++;
    } else {
      return -1;
    }
  }
  return parts === 4 ? value : -1;
}

/** The first 64 bits of an IPv6 address as two unsigned 32-bit numbers (all geoip-lite compares). */
export function parseIPv6High(address: string): [number, number] | null {
  const zone = address.indexOf('%');
  const text = zone === -1 ? address : address.slice(0, zone);
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  // An embedded IPv4 address takes two groups.
  const last = tail.length > 0 ? tail[tail.length - 1]! : head[head.length - 1];
  const groupCount = head.length + tail.length + (last?.includes('.') ? 1 : 0);
  if (halves.length === 1 ? groupCount !== 8 : groupCount > 7) return null;
  const groups: number[] = [];
  for (const group of head) groups.push(parseGroup(group));
  if (halves.length === 2) for (let i = groupCount; i < 8; i++) groups.push(0);
  for (const group of tail) groups.push(parseGroup(group));
  if (groups.slice(0, 4).some((g) => Number.isNaN(g))) return null;
  return [(groups[0]! * 0x10000 + groups[1]!) >>> 0, (groups[2]! * 0x10000 + groups[3]!) >>> 0];
}

function parseGroup(group: string): number {
  if (group.includes('.')) return 0; // the embedded IPv4 part: low bits, never compared
  if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return Number.NaN;
  return Number.parseInt(group, 16);
}

function lookupV4(data: GeoData, ip: number): Place | null {
  for (const [from, to] of PRIVATE_V4) if (ip >= from && ip <= to) return null;
  const ranges = data.v4;
  const prefix = ip >>> 16;
  let low = data.v4Index[prefix]!;
  let high = Math.min(data.v4Index[prefix + 1]!, data.v4Records - 1);
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (ip < ranges[mid * 3]!) high = mid - 1;
    else if (ip > ranges[mid * 3 + 1]!) low = mid + 1;
    else return place(data, ranges[mid * 3 + 2]!);
  }
  return null;
}

/** Compares the 64-bit value at ranges[at], ranges[at + 1] with (high, low). */
function compareV6(ranges: Uint32Array, at: number, high: number, low: number): number {
  const a = ranges[at]!;
  if (a !== high) return a < high ? -1 : 1;
  const b = ranges[at + 1]!;
  return b === low ? 0 : b < low ? -1 : 1;
}

function lookupV6(data: GeoData, [high, low]: [number, number]): Place | null {
  const ranges = data.v6;
  let first = 0;
  let last = data.v6Records - 1;
  while (first <= last) {
    const mid = (first + last) >>> 1;
    if (compareV6(ranges, mid * 5, high, low) > 0) last = mid - 1;
    else if (compareV6(ranges, mid * 5 + 2, high, low) < 0) first = mid + 1;
    else return place(data, ranges[mid * 5 + 4]!);
  }
  return null;
}

const MAPPED_V4 = /^(?:0:0:0:0:0:ffff:|::ffff:)(.*)$/i;

/** Where geoip-lite's data puts the address; null when it knows nothing (or it is private). */
export function lookupPlace(address: string): Place | null {
  loadGeoData();
  const data = loaded!;
  const v4 = parseIPv4(address);
  if (v4 !== -1) return lookupV4(data, v4);
  if (!address.includes(':')) return null;
  const mapped = MAPPED_V4.exec(address);
  if (mapped) {
    const inner = parseIPv4(mapped[1]!);
    return inner === -1 ? null : lookupV4(data, inner);
  }
  const high = parseIPv6High(address);
  return high ? lookupV6(data, high) : null;
}
