import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import geoip from 'geoip-lite';
import { describe, expect, it } from 'vitest';
import { lookupPlace } from '../../../../redirector/visits/geoip';
import { itReturns } from '../../../helpers/tables';
import { IP } from '../../../helpers/visitors';

/** A small deterministic generator, so that a failure names an address that fails again. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function geoipLite(address: string) {
  const found = geoip.lookup(address);
  return found ? { country: found.country, city: found.city } : null;
}

describe('lookupPlace', () => {
  it('answers exactly what geoip-lite answers, for 100,000 addresses', () => {
    const random = generator(2026);
    const byte = () => Math.floor(random() * 256);
    const group = () => Math.floor(random() * 65536).toString(16);
    const addresses: string[] = [];
    for (let i = 0; i < 70_000; i++) addresses.push(`${byte()}.${byte()}.${byte()}.${byte()}`);
    for (let i = 0; i < 20_000; i++) {
      addresses.push(`2${Math.floor(random() * 4096).toString(16)}:${group()}:${group()}:${group()}::${group()}`);
    }
    for (let i = 0; i < 10_000; i++) addresses.push(`::ffff:${byte()}.${byte()}.${byte()}.${byte()}`);
    const mismatches = addresses
      .filter((address) => JSON.stringify(lookupPlace(address)) !== JSON.stringify(geoipLite(address)))
      .slice(0, 5)
      .map((address) => ({ address, ours: lookupPlace(address), geoipLite: geoipLite(address) }));
    expect(mismatches).toEqual([]);
    expect(addresses.filter((address) => lookupPlace(address) !== null).length).toBeGreaterThan(60_000);
  });

  it('answers what geoip-lite answers at the edges of its ranges and of the gaps between them', () => {
    const data = path.join(path.dirname(createRequire(import.meta.url).resolve('geoip-lite')), '..', 'data');
    const quad = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const addresses: string[] = [];
    const v4 = fs.readFileSync(path.join(data, 'geoip-city.dat'));
    for (let at = 0; at < v4.length; at += 24 * 211) {
      const start = v4.readUInt32BE(at);
      const end = v4.readUInt32BE(at + 4);
      for (const n of [start - 1, start, end, end + 1]) if (n >= 0 && n <= 0xffffffff) addresses.push(quad(n));
    }
    // IPv6 ranges are compared on their first 64 bits, where a few hundred of them overlap (ranges
    // split below a /64, or nested): there geoip-lite's answer is whichever its binary search meets
    // first, and ours the range starting last. Every other range is checked.
    const v6 = fs.readFileSync(path.join(data, 'geoip-city6.dat'));
    const group = (at: number) => v6.readUInt16BE(at).toString(16);
    let reach = -1n;
    for (let at = 0; at < v6.length; at += 48) {
      const start = v6.readBigUInt64BE(at);
      const end = v6.readBigUInt64BE(at + 16);
      const next = at + 48 < v6.length ? v6.readBigUInt64BE(at + 48) : end + 1n;
      const alone = start > reach && next > end;
      if (end > reach) reach = end;
      if (!alone || (at / 48) % 29 !== 0) continue;
      for (const edge of [at, at + 16]) {
        addresses.push(`${group(edge)}:${group(edge + 2)}:${group(edge + 4)}:${group(edge + 6)}::`);
        addresses.push(`${group(edge)}:${group(edge + 2)}:${group(edge + 4)}:${group(edge + 6)}:ffff:ffff:ffff:ffff`);
      }
    }
    const mismatches = addresses
      .filter((address) => JSON.stringify(lookupPlace(address)) !== JSON.stringify(geoipLite(address)))
      .slice(0, 5)
      .map((address) => ({ address, ours: lookupPlace(address), geoipLite: geoipLite(address) }));
    expect(mismatches).toEqual([]);
    expect(addresses.filter((address) => geoipLite(address) === null).length).toBeGreaterThan(20);
  });

  it('places the test addresses', () => {
    expect(lookupPlace(IP.india)).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(lookupPlace(IP.nigeria)).toEqual({ country: 'NG', city: 'Abeokuta' });
    expect(lookupPlace(IP.us)).toEqual({ country: 'US', city: 'Ashburn' });
    expect(lookupPlace(`::ffff:${IP.india}`)).toEqual({ country: 'IN', city: 'Mumbai' });
    // IPv4-mapped however written: geoip-lite knows only the first two (and reads the last as nothing).
    expect(lookupPlace(`0:0:0:0:0:ffff:${IP.india}`)).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(lookupPlace(`::0:ffff:${IP.india}`)).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(lookupPlace('::ffff:6715:3a01')).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(lookupPlace('2001:4860:4860::8888')).toEqual({ country: 'US', city: '' });
    expect(lookupPlace(IP.cloudflareDns)).toEqual({ country: '', city: '' });
  });

  itReturns('knows nothing of the private address %s', lookupPlace, [
    ['10.1.2.3', null],
    ['172.16.0.1', null],
    ['192.168.1.1', null],
  ]);
  itReturns('knows nothing of the loopback address %s', lookupPlace, [
    ['127.0.0.1', null],
    ['::1', null],
  ]);
  itReturns('knows nothing of the malformed address %j', lookupPlace, [
    ['', null],
    ['nonsense', null],
    ['1.2.3', null],
    ['1.2.3.256', null],
    ['1234.1.1.1', null],
    ['1::2::3', null],
    ['g::1', null],
  ]);
});
