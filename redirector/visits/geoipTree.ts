/**
 * The IPv4 half of an MMDB search tree, walked without the `maxmind` reader's per-lookup work.
 *
 * The reader splits the address into an array, then takes one bit and one scattered node read per
 * level: 32 levels below the IPv4 subtree, most of them cache misses in a 50 MB file (about 2 µs a
 * lookup on a GeoLite2-City-sized file). Here the first 16 levels are walked once per /16 at load
 * (a 256 KB table), so a lookup starts at level 16 from a number, and the caller decodes each data
 * record once (docs/api.md#running-it). The tree layout: node n's two records at n × record size
 * × 2 / 8 bytes; a record below the node count is a node, equal is "no data", above is data.
 */

export interface Ipv4Tree {
  /** The data record the address falls into (a number above the node count), or -1 for none. */
  find(address: number): number;
}

export interface TreeShape {
  nodeCount: number;
  recordSize: number;
  ipVersion: number;
}

type RecordReader = (node: number, right: number) => number;

/**
 * Reads records byte by byte: a damaged file can point past its end, and a missing byte then
 * makes NaN, which ends the walk with "no data" instead of throwing on the redirect path.
 */
function recordReader(db: Uint8Array, recordSize: number): RecordReader {
  switch (recordSize) {
    case 24:
      return (node, right) => {
        const at = node * 6 + right * 3;
        return db[at]! * 0x10000 + db[at + 1]! * 0x100 + db[at + 2]!;
      };
    case 28:
      return (node, right) => {
        const at = node * 7;
        // The middle byte holds the top four bits of both records.
        if (right === 0) return (db[at + 3]! >> 4) * 0x1000000 + db[at]! * 0x10000 + db[at + 1]! * 0x100 + db[at + 2]!;
        return (db[at + 3]! & 0x0f) * 0x1000000 + db[at + 4]! * 0x10000 + db[at + 5]! * 0x100 + db[at + 6]!;
      };
    case 32:
      return (node, right) => {
        const at = node * 8 + right * 4;
        return db[at]! * 0x1000000 + db[at + 1]! * 0x10000 + db[at + 2]! * 0x100 + db[at + 3]!;
      };
    default:
      throw new Error(`unsupported record size ${recordSize}`);
  }
}

export function indexIpv4Tree(db: Uint8Array, shape: TreeShape): Ipv4Tree {
  const { nodeCount } = shape;
  const record = recordReader(db, shape.recordSize);
  // IPv4 sits under ::/96 in an IPv6 tree.
  let start = 0;
  if (shape.ipVersion === 6) for (let i = 0; i < 96 && start < nodeCount; i++) start = record(start, 0);

  const byPrefix = new Uint32Array(65536);
  for (let prefix = 0; prefix < 65536; prefix++) {
    let node = start;
    for (let bit = 15; bit >= 0 && node < nodeCount; bit--) node = record(node, (prefix >>> bit) & 1);
    if (Number.isNaN(node)) throw new Error('the search tree points past the end of the file');
    byPrefix[prefix] = node;
  }

  return {
    find(address) {
      let node = byPrefix[address >>> 16]!;
      for (let bit = 15; bit >= 0 && node < nodeCount; bit--) node = record(node, (address >>> bit) & 1);
      return node > nodeCount ? node : -1;
    },
  };
}
