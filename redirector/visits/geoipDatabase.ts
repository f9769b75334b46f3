/**
 * Country and city from a MaxMind-format database (GEOIP_DB: GeoLite2, DB-IP Lite, ip-location-db),
 * read with the `maxmind` package, in place of geoip-lite's bundled data. See
 * docs/api.md#running-it and docs/operations.md#geoip-data.
 *
 * The file is read into memory once and read again when it changes (operators replace it weekly or
 * monthly), without a restart. A new file that cannot be read, such as one still being copied,
 * leaves the loaded data in place: clicks keep being placed by the last good file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { ipv4Of, readAddress } from '../contract/ipAddress';
import type { Place } from './geoip';
import { type Ipv4Tree, indexIpv4Tree } from './geoipTree';

export interface GeoDatabase {
  /** Where the loaded file puts the address; null when it knows nothing. */
  lookup(address: string): Place | null;
  /** What is loaded, for the start line: "GeoLite2-City, built 2026-11-18". */
  describe(): string;
  /** Stops watching the file. */
  close(): void;
}

export class GeoDatabaseError extends Error {}

export interface GeoDatabaseOptions {
  /** One line per reload and per failed reload. */
  log?: (line: string) => void;
  /** How long the file must stay unchanged before it is read again (a copy in progress). */
  settleMs?: number;
}

/** The two record shapes in use: MaxMind's and DB-IP's nested maps, ip-location-db's flat fields. */
interface GeoRecord {
  country?: { iso_code?: string };
  city?: { names?: { en?: string } } | string;
  country_code?: string;
}

/**
 * Decoded records by their offset in the file. A city file holds a few hundred thousand records,
 * and clicks come from far fewer places, so a bounded map keeps the decoding off the hot path
 * without keeping the whole file decoded. Full: it starts over (cheaper than an LRU per click).
 */
function boundedCache(max: number): { get(key: number): unknown; set(key: number, value: unknown): void } {
  let entries = new Map<number, unknown>();
  return {
    get: (key) => entries.get(key),
    set: (key, value) => {
      if (entries.size >= max) entries = new Map();
      entries.set(key, value);
    },
  };
}

const CACHE_ENTRIES = 20_000;
/** Places by data record: a few MB at most, for the records clicks actually come from. */
const PLACE_ENTRIES = 100_000;
/** The address being looked up, read into words every lookup reuses (nothing allocated per click). */
const words = new Uint16Array(8);

interface Loaded {
  reader: Reader<Response>;
  ipv4: Ipv4Tree;
  places: Map<number, Place | null>;
  ipv6: boolean;
  description: string;
  /** size, mtime and inode: what "the file changed" means. */
  signature: string;
}

function signatureOf(stat: fs.Stats): string {
  return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
}

function load(file: string): Loaded {
  let bytes: Buffer;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code);
    throw new GeoDatabaseError(`cannot read "${file}" (${reason})`);
  }
  let reader: Reader<Response>;
  let ipv4: Ipv4Tree;
  try {
    reader = new Reader<Response>(bytes, { cache: boundedCache(CACHE_ENTRIES) });
    ipv4 = indexIpv4Tree(bytes, reader.metadata);
    // A file cut short keeps its metadata only if the cut fell in the data section: walk the tree once.
    reader.get('1.1.1.1');
    if (reader.metadata.ipVersion === 6) reader.get('2001:4860:4860::8888');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GeoDatabaseError(`"${file}" is not a MaxMind database (${reason.split('\n')[0]})`);
  }
  const { databaseType, buildEpoch, ipVersion } = reader.metadata;
  return {
    reader,
    ipv4,
    places: new Map(),
    ipv6: ipVersion === 6,
    description: `${databaseType}, built ${buildEpoch.toISOString().slice(0, 10)}`,
    signature: signatureOf(stat),
  };
}

/**
 * An IPv4 address through the tree index; each data record is decoded by the reader once, asked
 * with the address as a dotted quad (an IPv4-mapped one included).
 */
function lookupV4(loaded: Loaded, ip: number): Place | null {
  const record = loaded.ipv4.find(ip);
  if (record === -1) return null;
  let found = loaded.places.get(record);
  if (found === undefined) {
    const quad = `${ip >>> 24}.${(ip >>> 16) & 255}.${(ip >>> 8) & 255}.${ip & 255}`;
    found = placeOf(loaded.reader.get(quad) as GeoRecord | null);
    if (loaded.places.size >= PLACE_ENTRIES) loaded.places.clear();
    loaded.places.set(record, found);
  }
  return found;
}

function placeOf(record: GeoRecord | null): Place | null {
  if (!record) return null;
  // Not registered_country: geoip-lite leaves those addresses without a country too (1.1.1.1).
  const country = record.country?.iso_code ?? record.country_code ?? '';
  const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
  return { country, city };
}

/**
 * Reads `file` (throws GeoDatabaseError with a one-line reason when it cannot) and watches its
 * folder: a rename over the file (how `mv` and most updaters replace it) changes the inode and
 * would end a watch on the file itself.
 */
export function openGeoDatabase(file: string, options: GeoDatabaseOptions = {}): GeoDatabase {
  const log = options.log ?? (() => {});
  const settleMs = options.settleMs ?? 500;
  let current = load(file);
  let timer: NodeJS.Timeout | undefined;
  let failedSignature: string | undefined;

  function reload(): void {
    timer = undefined;
    let signature: string;
    try {
      signature = signatureOf(fs.statSync(file));
    } catch {
      signature = 'missing';
    }
    if (signature === current.signature || signature === failedSignature) return;
    try {
      current = load(file);
      failedSignature = undefined;
      log(`GeoIP data reloaded from ${file} (${current.description})`);
    } catch (error) {
      failedSignature = signature;
      log(`GeoIP data not reloaded: ${(error as Error).message}; keeping ${current.description}`);
    }
  }

  const name = path.basename(file);
  let watcher: fs.FSWatcher | undefined;
  try {
    watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== name) return;
      clearTimeout(timer);
      timer = setTimeout(reload, settleMs);
      timer.unref();
    });
    watcher.on('error', (error) => log(`GeoIP data: watching ${file} stopped (${error.message})`));
  } catch (error) {
    log(`GeoIP data: cannot watch ${file} for changes (${(error as Error).message}); restart to reload it`);
  }

  return {
    lookup(address) {
      const loaded = current;
      const family = readAddress(address, words);
      const ip = ipv4Of(family, words);
      if (ip !== -1) return lookupV4(loaded, ip);
      // The reader does not check addresses, and an IPv4-only tree walked with 128 bits answers nonsense.
      if (!loaded.ipv6 || family !== 6) return null;
      return placeOf(loaded.reader.get(address) as GeoRecord | null);
    },
    describe: () => current.description,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
