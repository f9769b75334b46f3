/**
 * Country and city of an address, from geoip-lite 1.4's data files with a lookup of our own.
 *
 * geoip-lite's `lookup()` builds a nine-field answer and decodes five NUL-padded strings with a
 * regular expression each: 3.6–6 µs per click, 15 % of the server's busy time in a profile, and it
 * keeps all 145 MB of its files in memory. This reads the same files once (`data/geoip-city.dat`,
 * `geoip-city6.dat`, laid out as geoip-lite 1.4's `lib/geoip.js` reads them) and keeps of each
 * range only where it starts and its location, merging neighbours of one location (27 MB instead
 * of 135 MB); it finds the range through a /16 index and reads a location's country and city from
 * `geoip-city-names.dat` once, on first use: under 1 µs. geoip-lite itself is never loaded.
 * IPv6 ranges are compared on their first 64 bits, as geoip-lite does; where a few hundred of them
 * overlap there (ranges split below a /64, or nested), geoip-lite answers whichever its binary
 * search meets first, this the one starting last. Addresses are read by `contract/ipAddress.ts`'s
 * readAddress, the rules' reader. `tests/unit/redirector/visits/geoip.test.ts`
 * checks the answers against geoip-lite's lookup: 100,000 addresses and the edges of its ranges.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ipv4Of, readAddress } from '../contract/ipAddress';

export interface Place {
  /** ISO 3166-1 alpha-2; '' when the data has none. */
  country: string;
  /** '' when the data has none. */
  city: string;
}

/** Where an address is; null when the data knows nothing. The bundled data's is lookupPlace. */
export type PlaceLookup = (address: string) => Place | null;

// Record layouts (geoip-lite 1.4, lib/geoip.js).
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

/** Marks a gap between the data's ranges: the address is not in the data (null). */
const GAP = 0xfffffffe;

/**
 * Each table is a list of boundaries: an address belongs to the last boundary at or below it.
 * Adjacent ranges of one location share a boundary (about a third of them), and a gap between
 * ranges is a boundary of its own, so each range keeps its start and location only.
 */
interface GeoData {
  /** IPv4 boundaries, sorted, the first at 0. */
  v4Starts: Uint32Array;
  /** The location from each IPv4 boundary on: an id, NO_LOCATION or GAP. */
  v4Locations: Uint32Array;
  /** By the first 16 bits: the first boundary at or after that /16 (a lookup reads a handful). */
  v4Index: Uint32Array;
  /** IPv6 boundaries by their first 64 bits, two numbers each, sorted, the first at 0. */
  v6Starts: Uint32Array;
  v6Locations: Uint32Array;
  /** geoip-city-names.dat, read one location at a time (it stays open). */
  namesFd: number;
  /** Decoded locations by id, filled on first use. */
  places: Map<number, Place>;
}

let loaded: GeoData | undefined;

function dataDir(): string {
  const main = createRequire(import.meta.url).resolve('geoip-lite');
  return path.join(path.dirname(main), '..', 'data');
}

/**
 * Collects boundaries, `words` numbers per start, merging runs of one location, into arrays of
 * `capacity` (at most two per range and a last gap); `kept()` copies them to their exact size.
 */
class Boundaries {
  private readonly starts: Uint32Array;
  private readonly locations: Uint32Array;
  private count = 0;
  private last = -1;

  constructor(
    readonly words: number,
    capacity: number,
  ) {
    this.starts = new Uint32Array(capacity * words);
    this.locations = new Uint32Array(capacity);
  }

  add(start: Uint32Array, location: number): void {
    if (location === this.last) return;
    this.last = location;
    this.starts.set(start, this.count * this.words);
    this.locations[this.count] = location;
    this.count++;
  }

  kept(): { starts: Uint32Array; locations: Uint32Array } {
    return { starts: this.starts.slice(0, this.count * this.words), locations: this.locations.slice(0, this.count) };
  }
}

/**
 * Reads a file of fixed-size ranges (start and end of `words` big-endian 32-bit numbers at byte 0
 * and `endAt`, the location at `locationAt`) into boundaries, in chunks, in one pass (two passes
 * were half of the load's time: docs/performance.md, "The test suite's time").
 */
function readRanges(file: string, recordSize: number, words: number, endAt: number, locationAt: number) {
  const fd = fs.openSync(file, 'r');
  try {
    const records = Math.floor(fs.fstatSync(fd).size / recordSize);
    const chunk = Buffer.alloc(recordSize * 65536);
    // DataView's big-endian read is a third cheaper than Buffer's readUInt32BE here (docs/performance.md).
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out = new Boundaries(words, 2 * records + 1);
    const start = new Uint32Array(words);
    const next = new Uint32Array(words); // the first address after the previous range
    for (let first = 0; first < records; first += 65536) {
      const count = Math.min(65536, records - first);
      fs.readSync(fd, chunk, 0, count * recordSize, first * recordSize);
      for (let r = 0; r < count; r++) {
        const at = r * recordSize;
        for (let w = 0; w < words; w++) start[w] = view.getUint32(at + w * 4);
        if (compareWords(start, next) > 0) out.add(next, GAP);
        out.add(start, view.getUint32(at + locationAt));
        // next = end + 1 across the words; after the last address there is no gap to mark.
        let carry = 1;
        for (let w = words - 1; w >= 0; w--) {
          const sum = view.getUint32(at + endAt + w * 4) + carry;
          next[w] = sum >>> 0;
          carry = sum > 0xffffffff ? 1 : 0;
        }
        if (carry === 1) next.fill(0xffffffff);
      }
    }
    if (next.some((word) => word !== 0xffffffff)) out.add(next, GAP);
    return out.kept();
  } finally {
    fs.closeSync(fd);
  }
}

function compareWords(a: Uint32Array, b: Uint32Array): number {
  for (let w = 0; w < a.length; w++) if (a[w] !== b[w]) return a[w]! < b[w]! ? -1 : 1;
  return 0;
}

/** Reads the data files (~0.2 s of CPU, 27 MB kept); done on first lookup unless called earlier. */
export function loadGeoData(): void {
  if (loaded) return;
  const dir = dataDir();
  const v4 = readRanges(path.join(dir, 'geoip-city.dat'), V4_RECORD, 1, 4, 8);
  const v6 = readRanges(path.join(dir, 'geoip-city6.dat'), V6_RECORD, 2, 16, V6_LOCATION);
  loaded = {
    v4Starts: v4.starts,
    v4Locations: v4.locations,
    v4Index: indexByPrefix(v4.starts),
    v6Starts: v6.starts,
    v6Locations: v6.locations,
    namesFd: fs.openSync(path.join(dir, 'geoip-city-names.dat'), 'r'),
    places: new Map(),
  };
}

function indexByPrefix(starts: Uint32Array): Uint32Array {
  const index = new Uint32Array(65537);
  let boundary = 0;
  for (let prefix = 0; prefix <= 0xffff; prefix++) {
    while (boundary < starts.length && starts[boundary]! >>> 16 < prefix) boundary++;
    index[prefix] = boundary;
  }
  index[0x10000] = starts.length;
  return index;
}

const nameRecord = Buffer.alloc(NAME_RECORD);

function place(data: GeoData, location: number): Place | null {
  if (location === GAP) return null;
  if (location === NO_LOCATION) return { country: '', city: '' };
  let found = data.places.get(location);
  if (found === undefined) {
    const read = fs.readSync(data.namesFd, nameRecord, 0, NAME_RECORD, location * NAME_RECORD);
    nameRecord.fill(0, read);
    found = {
      country: nulTerminated(nameRecord, 0, 2),
      city: nulTerminated(nameRecord, NAME_CITY, NAME_RECORD),
    };
    data.places.set(location, found);
  }
  return found;
}

function nulTerminated(buffer: Buffer, start: number, end: number): string {
  const nul = buffer.indexOf(0, start);
  return buffer.toString('utf8', start, nul === -1 || nul > end ? end : nul);
}

function lookupV4(data: GeoData, ip: number): Place | null {
  for (const [from, to] of PRIVATE_V4) if (ip >= from && ip <= to) return null;
  const starts = data.v4Starts;
  const prefix = ip >>> 16;
  // The last boundary at or below ip: at or after the one before this /16's first, and before
  // the next /16's first (the table starts at 0, so there is one).
  let low = Math.max(data.v4Index[prefix]! - 1, 0);
  let high = data.v4Index[prefix + 1]! - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= ip) low = mid;
    else high = mid - 1;
  }
  return place(data, data.v4Locations[low]!);
}

function lookupV6(data: GeoData, high: number, low: number): Place | null {
  const starts = data.v6Starts;
  let first = 0;
  let last = data.v6Locations.length - 1;
  while (first < last) {
    const mid = (first + last + 1) >>> 1;
    const a = starts[mid * 2]!;
    if (a < high || (a === high && starts[mid * 2 + 1]! <= low)) first = mid;
    else last = mid - 1;
  }
  return place(data, data.v6Locations[first]!);
}

/** The address being looked up, read into words every lookup reuses (nothing allocated per click). */
const words = new Uint16Array(8);

/**
 * Where geoip-lite's data puts the address; null when it knows nothing (or it is private). An
 * IPv4-mapped IPv6 address is looked up as its IPv4 address, as geoip-lite does.
 */
export function lookupPlace(address: string): Place | null {
  loadGeoData();
  const data = loaded!;
  const family = readAddress(address, words);
  const v4 = ipv4Of(family, words);
  if (v4 !== -1) return lookupV4(data, v4);
  if (family !== 6) return null;
  // The first 64 bits, all geoip-lite compares.
  return lookupV6(data, ((words[0]! << 16) | words[1]!) >>> 0, ((words[2]! << 16) | words[3]!) >>> 0);
}
