import { describe, expect, it } from 'vitest';
import { indexIpv4Tree } from '../../../../redirector/visits/geoipTree';

/**
 * Records above 2^24 only occur in files with millions of nodes (GeoLite2-City), too big to write in
 * a test: one node whose two records are data pointers that high, in a tree that says it has that
 * many nodes, checks how each record size's top bits are read.
 */
describe('indexIpv4Tree', () => {
  const nodeCount = 0x0abcdef0;
  const left = 0x0abcdef5;
  const right = 0x0f000001;

  it('reads the top four bits of 28-bit records from the shared middle byte', () => {
    const node = Buffer.from([0xbc, 0xde, 0xf5, 0xaf, 0x00, 0x00, 0x01]);
    const tree = indexIpv4Tree(node, { nodeCount, recordSize: 28, ipVersion: 4 });
    expect(tree.find(0x01020304)).toBe(left);
    expect(tree.find(0x80000000)).toBe(right);
  });

  it('reads 32-bit records above 2^31 as unsigned', () => {
    const node = Buffer.from([0x0a, 0xbc, 0xde, 0xf5, 0xf0, 0x00, 0x00, 0x01]);
    const tree = indexIpv4Tree(node, { nodeCount, recordSize: 32, ipVersion: 4 });
    expect(tree.find(0x7fffffff)).toBe(left);
    expect(tree.find(0xffffffff)).toBe(0xf0000001);
  });

  it('answers -1 where a record says "no data"', () => {
    const node = Buffer.from([0x00, 0x00, 0x01, 0x00, 0x00, 0x05]);
    const tree = indexIpv4Tree(node, { nodeCount: 1, recordSize: 24, ipVersion: 4 });
    expect(tree.find(0x01020304)).toBe(-1);
    expect(tree.find(0xc0000000)).toBe(5);
  });

  it('refuses a tree that points past the end of the file', () => {
    const node = Buffer.from([0x00, 0x00, 0x07, 0x00, 0x00, 0x07]);
    expect(() => indexIpv4Tree(node, { nodeCount: 100, recordSize: 24, ipVersion: 4 })).toThrow(
      'the search tree points past the end of the file',
    );
  });
});
