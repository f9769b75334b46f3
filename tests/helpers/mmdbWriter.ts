/**
 * Writes small MaxMind DB (MMDB 2.0) files, so that GEOIP_DB is tested against real files read by
 * the real `maxmind` reader, without shipping a 60 MB database in the repository. The format: a
 * binary search tree over the address bits, 16 zero bytes, a data section of typed values, then
 * "\xAB\xCD\xEFMaxMind.com" and the metadata map (https://maxmind.github.io/MaxMind-DB/).
 *
 * IPv4 networks go where MaxMind's own files put them in an IPv6 tree: under ::/96.
 */
import { isIPv4 } from 'node:net';

/** A bigint is written as a uint64 (build_epoch). */
export type MmdbValue = string | number | bigint | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** "81.2.69.0/24" or "2a02:ff80::/32". */
  network: string;
  data: { [key: string]: MmdbValue };
}

export interface MmdbOptions {
  databaseType?: string;
  /** 6 (IPv4 under ::/96) or 4 (an IPv4-only tree, as some publishers ship). */
  ipVersion?: 4 | 6;
  /** Seconds since 1970. */
  buildEpoch?: number;
  /** Bits per record: 24, 28 (GeoLite2-City's) or 32 (the default). */
  recordSize?: 24 | 28 | 32;
}

const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);

/** Node `index`'s two records, `recordSize` bits each, big-endian; 28 bits share a middle byte. */
function writeNode(tree: Buffer, index: number, left: number, right: number, recordSize: 24 | 28 | 32): void {
  const at = (index * recordSize) / 4;
  if (recordSize === 32) {
    tree.writeUInt32BE(left, at);
    tree.writeUInt32BE(right, at + 4);
  } else if (recordSize === 24) {
    tree.writeUIntBE(left, at, 3);
    tree.writeUIntBE(right, at + 3, 3);
  } else {
    tree.writeUIntBE(left & 0xffffff, at, 3);
    tree[at + 3] = ((left >>> 24) << 4) | (right >>> 24);
    tree.writeUIntBE(right & 0xffffff, at + 4, 3);
  }
}

/** The network's address as bits (most significant first) and its prefix length in the tree. */
function networkBits(network: string, ipVersion: 4 | 6): { bits: number[]; length: number } {
  const [address = '', prefixText = ''] = network.split('/');
  const prefix = Number(prefixText);
  if (isIPv4(address)) {
    const bytes = address.split('.').map(Number);
    const bits = bytes.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((shift) => (byte >> shift) & 1));
    return ipVersion === 4
      ? { bits, length: prefix }
      : { bits: [...new Array(96).fill(0), ...bits], length: 96 + prefix };
  }
  if (ipVersion === 4) throw new Error(`an IPv4 tree cannot hold ${network}`);
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...new Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const bits = groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return Array.from({ length: 16 }, (_, i) => (value >> (15 - i)) & 1);
  });
  return { bits, length: prefix };
}

/** A control byte (and extension bytes) for a value of `type` and `size`. */
function control(type: number, size: number): Buffer {
  let sizeBits: number;
  let extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) [sizeBits, extra] = [29, [size - 29]];
  else if (size < 65_821) [sizeBits, extra] = [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  else [sizeBits, extra] = [31, [(size - 65_821) >> 16, ((size - 65_821) >> 8) & 0xff, (size - 65_821) & 0xff]];
  const head = type <= 7 ? [(type << 5) | sizeBits] : [sizeBits, type - 7];
  return Buffer.from([...head, ...extra]);
}

function unsigned(type: number, value: number | bigint): Buffer {
  const bytes: number[] = [];
  for (let rest = BigInt(value); rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'bigint') return unsigned(9, value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 0xffffffff) return unsigned(6, value);
    const double = Buffer.alloc(8);
    double.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), double]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

type Slot = { node: number } | { data: number } | null;

/** The whole database file. Later networks win over earlier ones where they overlap. */
export function writeMmdb(networks: readonly MmdbNetwork[], options: MmdbOptions = {}): Buffer {
  const ipVersion = options.ipVersion ?? 6;
  const recordSize = options.recordSize ?? 32;
  const nodes: [Slot, Slot][] = [[null, null]];
  const dataChunks: Buffer[] = [];
  const dataOffsets = new Map<string, number>();
  let dataSize = 0;

  for (const { network, data } of networks) {
    const key = JSON.stringify(data);
    let offset = dataOffsets.get(key);
    if (offset === undefined) {
      const chunk = encode(data);
      offset = dataSize;
      dataOffsets.set(key, offset);
      dataChunks.push(chunk);
      dataSize += chunk.length;
    }
    const { bits, length } = networkBits(network, ipVersion);
    let node = 0;
    for (let depth = 0; depth < length - 1; depth++) {
      const side = bits[depth] as 0 | 1;
      const slot = nodes[node]![side];
      if (slot && 'node' in slot) {
        node = slot.node;
        continue;
      }
      // An empty or data slot above the new network: a new node, both halves keeping what was there.
      nodes.push([slot, slot]);
      nodes[node]![side] = { node: nodes.length - 1 };
      node = nodes.length - 1;
    }
    nodes[node]![bits[length - 1] as 0 | 1] = { data: offset };
  }

  const nodeCount = nodes.length;
  const tree = Buffer.alloc((nodeCount * recordSize) / 4);
  const record = (slot: Slot): number =>
    slot === null ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data;
  for (const [index, [left, right]] of nodes.entries()) {
    writeNode(tree, index, record(left), record(right), recordSize);
  }

  const metadata = encode({
    node_count: nodeCount,
    record_size: recordSize,
    ip_version: ipVersion,
    database_type: options.databaseType ?? 'Me-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    description: { en: 'A database written by the tests' },
    build_epoch: BigInt(options.buildEpoch ?? Math.floor(Date.UTC(2026, 10, 1) / 1000)),
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...dataChunks, METADATA_MARKER, metadata]);
}

/** A GeoLite2-City-shaped record: what MaxMind's and DB-IP's City files hold for a place. */
export function cityRecord(country: string, city?: string): { [key: string]: MmdbValue } {
  const record: { [key: string]: MmdbValue } = {
    continent: { code: 'EU', names: { en: 'Europe', de: 'Europa' } },
    country: { iso_code: country, names: { en: `Country ${country}`, fr: `Pays ${country}` } },
    registered_country: { iso_code: country, names: { en: `Country ${country}` } },
    location: { latitude: 51.5, longitude: -0.12, accuracy_radius: 100, time_zone: 'Europe/London' },
  };
  if (city !== undefined) record.city = { geoname_id: 2643743, names: { en: city, ru: 'Город' } };
  return record;
}
