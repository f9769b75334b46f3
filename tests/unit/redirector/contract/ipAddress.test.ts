/** Addresses and blocks as 16-bit words for redirect rules' `ip` conditions (docs/api.md#redirect-rules), pure. */
import { describe, expect, it } from 'vitest';
import { inCidr, ipv4Of, parseCidr, readAddress, unmapIpv4 } from '../../../../redirector/contract/ipAddress';

/** The address's family and words as hex ('' when it does not read). */
function read(address: string, words = new Uint16Array(8)): string {
  const family = readAddress(address, words);
  if (family === 0) return '';
  return `${family} ${[...words.slice(0, family === 4 ? 2 : 8)].map((word) => word.toString(16)).join(':')}`;
}

/** Whether `address` is in `cidr`, both read as the rules read them (a mapped address as its IPv4 one). */
function within(address: string, cidr: string): boolean {
  const block = parseCidr(cidr);
  if (block === undefined) throw new Error(`not a block: ${cidr}`);
  const words = new Uint16Array(8);
  const family = readAddress(address, words);
  return inCidr(family === 6 && unmapIpv4(words) ? 4 : family, words, block);
}

describe('reading an address', () => {
  it('reads IPv4, leading zeros and a zone included', () => {
    expect(read('10.0.0.1')).toBe('4 a00:1');
    expect(read('203.0.113.255')).toBe('4 cb00:71ff');
    expect(read('010.000.000.001')).toBe('4 a00:1');
    expect(read('1.2.3.4%eth0')).toBe('4 102:304');
  });

  it('reads IPv6 in full, compressed anywhere, with an IPv4 tail and a zone', () => {
    expect(read('2001:db8:0:0:0:0:0:1')).toBe('6 2001:db8:0:0:0:0:0:1');
    expect(read('2001:DB8::1')).toBe('6 2001:db8:0:0:0:0:0:1');
    expect(read('::')).toBe('6 0:0:0:0:0:0:0:0');
    expect(read('::1')).toBe('6 0:0:0:0:0:0:0:1');
    expect(read('fe80::')).toBe('6 fe80:0:0:0:0:0:0:0');
    expect(read('1:2:3:4:5:6:7::')).toBe('6 1:2:3:4:5:6:7:0');
    expect(read('::2:3:4:5:6:7:8')).toBe('6 0:2:3:4:5:6:7:8');
    expect(read('::ffff:192.0.2.1')).toBe('6 0:0:0:0:0:ffff:c000:201');
    expect(read('1:2:3:4:5:6:1.2.3.4')).toBe('6 1:2:3:4:5:6:102:304');
    expect(read('fe80::1%eth0')).toBe('6 fe80:0:0:0:0:0:0:1');
  });

  it('leaves nothing of an earlier read in a compressed one', () => {
    const words = new Uint16Array(8).fill(0xffff);
    expect(read('1::2', words)).toBe('6 1:0:0:0:0:0:0:2');
  });

  it('refuses what is not an address', () => {
    const bad = [
      '',
      '1.2.3',
      '1.2.3.4.',
      '1.2.3.4.5',
      '1.2.3.256',
      '1.2.3.1234',
      '1..2.3',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '1.2.3.-4',
      '1::2::3',
      ':::',
      '1:::2',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '1:2:3:4:5:6:7',
      '1:',
      ':1',
      'g::1',
      '12345::',
      '::1.2.3',
      '1.2.3.4:5::',
      '1:2:3:4:5:6:7:1.2.3.4',
      '::1.2.3.4.5',
    ];
    for (const address of bad) expect(read(address), address).toBe('');
  });
});

describe('the IPv4 address in words', () => {
  /** The IPv4 address `address` holds, as a number; -1: none. */
  function ipv4(address: string): number {
    const words = new Uint16Array(8);
    return ipv4Of(readAddress(address, words), words);
  }

  it('is the address itself, or the one an IPv4-mapped address carries however written', () => {
    expect(ipv4('103.21.58.1')).toBe(0x67153a01);
    expect(ipv4('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4('0.0.0.0')).toBe(0);
    for (const mapped of [
      '::ffff:103.21.58.1',
      '0:0:0:0:0:ffff:103.21.58.1',
      '::FFFF:6715:3a01',
      '0::ffff:103.21.58.1',
    ]) {
      expect(ipv4(mapped), mapped).toBe(0x67153a01);
    }
  });

  it('is none for other IPv6 addresses and for what is not an address', () => {
    for (const other of [
      '::1',
      '::103.21.58.1',
      '64:ff9b::103.21.58.1',
      '1::ffff:103.21.58.1',
      '::fffe:103.21.58.1',
      '',
      'x',
      '1.2.3',
    ]) {
      expect(ipv4(other), other).toBe(-1);
    }
  });
});

describe('blocks', () => {
  it('reads a block and its prefix; a bare address is one host', () => {
    expect(parseCidr('10.0.0.7')).toEqual({
      family: 4,
      words: new Uint16Array([0xa00, 7, 0, 0, 0, 0, 0, 0]),
      prefix: 32,
    });
    expect(parseCidr('2001:db8::/32')?.prefix).toBe(32);
    expect(parseCidr('2001:db8::')?.prefix).toBe(128);
    for (const bad of [
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '10.0.0.0/1e1',
      'x/8',
    ]) {
      expect(parseCidr(bad), bad).toBeUndefined();
    }
  });

  it('holds an IPv4 address on any prefix length, and nowhere else', () => {
    expect(within('203.0.113.9', '203.0.113.0/24')).toBe(true);
    expect(within('203.0.114.9', '203.0.113.0/24')).toBe(false);
    expect(within('203.0.113.9', '203.0.113.8/29')).toBe(true);
    expect(within('203.0.113.9', '203.0.113.0/29')).toBe(false);
    expect(within('203.0.113.9', '203.0.113.9')).toBe(true);
    expect(within('203.0.113.10', '203.0.113.9')).toBe(false);
    expect(within('203.0.113.9', '0.0.0.0/0')).toBe(true);
    expect(within('128.0.0.1', '0.0.0.0/1')).toBe(false);
    expect(within('127.255.255.255', '0.0.0.0/1')).toBe(true);
    expect(within('10.255.0.1', '10.254.0.0/15')).toBe(true);
    expect(within('10.253.0.1', '10.254.0.0/15')).toBe(false);
  });

  it('holds an IPv6 address on any prefix length, across word boundaries', () => {
    const address = '2001:db8:abcd:12::1';
    expect(within(address, '2001:db8:abcd::/48')).toBe(true);
    expect(within(address, '2001:db8:abc0::/44')).toBe(true);
    expect(within(address, '2001:db8:abce::/47')).toBe(false);
    expect(within(address, '2001:db8:abcd:12::/64')).toBe(true);
    expect(within(address, '2001:db8:abcd:13::/64')).toBe(false);
    expect(within(address, '2001:db8:abcd:12::/63')).toBe(true);
    expect(within(address, '2001:db8:abcd:12::1/128')).toBe(true);
    expect(within(address, '2001:db8:abcd:12::2/128')).toBe(false);
    expect(within(address, '2001:db8:abcd:12::/127')).toBe(true);
    expect(within(address, '::/0')).toBe(true);
    expect(within('fe80::1%eth0', 'fe80::/10')).toBe(true);
    expect(within('fec0::1', 'fe80::/10')).toBe(false);
  });

  it('never holds across families; an IPv4-mapped address or block is the IPv4 one it carries', () => {
    expect(within('2001:db8::1', '0.0.0.0/0')).toBe(false);
    expect(within('10.0.0.1', '::/0')).toBe(false);
    expect(within('::ffff:10.0.0.1', '10.0.0.0/8')).toBe(true);
    expect(within('::ffff:a00:1', '10.0.0.0/8')).toBe(true);
    expect(within('::ffff:10.0.0.1', '::ffff:10.0.0.0/104')).toBe(true);
    expect(within('10.0.0.1', '::ffff:10.0.0.0/104')).toBe(true);
    expect(within('10.0.0.1', '::ffff:10.0.0.2')).toBe(false);
    expect(within('11.0.0.1', '::ffff:0:0/96')).toBe(true);
    // Wider than the mapped range: an IPv6 block, which no IPv4 visitor is in.
    expect(within('10.0.0.1', '::ffff:0:0/95')).toBe(false);
    expect(within('::ffff:10.0.0.1', '::/0')).toBe(false);
    expect(within('not an address', '0.0.0.0/0')).toBe(false);
    expect(within('not an address', '::/0')).toBe(false);
  });
});
