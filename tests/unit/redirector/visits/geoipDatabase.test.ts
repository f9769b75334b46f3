import fs from 'node:fs';
import path from 'node:path';
import { type CityResponse, Reader } from 'maxmind';
import { afterEach, describe, expect, it } from 'vitest';
import { type GeoDatabase, GeoDatabaseError, openGeoDatabase } from '../../../../redirector/visits/geoipDatabase';
import { seededRandom } from '../../../../scripts/bench/stats';
import { cityRecord, type MmdbNetwork, writeMmdb } from '../../../helpers/mmdbWriter';
import { makeTempDir } from '../../../helpers/testServer';

const NETWORKS: MmdbNetwork[] = [
  { network: '81.2.69.0/24', data: cityRecord('GB', 'London') },
  { network: '81.2.69.128/25', data: cityRecord('FR') },
  { network: '2a02:ff80::/32', data: cityRecord('DE', 'Berlin') },
  // ip-location-db's flat fields.
  { network: '103.21.58.0/24', data: { country_code: 'IN', city: 'Mumbai', state1: 'Maharashtra' } },
];

const opened: GeoDatabase[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

function open(file: string, log?: (line: string) => void): GeoDatabase {
  const database = openGeoDatabase(file, { log, settleMs: 20 });
  opened.push(database);
  return database;
}

function writeFile(networks: MmdbNetwork[], options?: Parameters<typeof writeMmdb>[1]): string {
  const file = path.join(makeTempDir('me-geo-'), 'city.mmdb');
  fs.writeFileSync(file, writeMmdb(networks, options));
  return file;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); ) {
    if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('openGeoDatabase: lookups', () => {
  it("answers country and city from MaxMind's nested records and ip-location-db's flat ones", () => {
    const database = open(writeFile(NETWORKS));
    expect(database.lookup('81.2.69.1')).toEqual({ country: 'GB', city: 'London' });
    expect(database.lookup('81.2.69.200')).toEqual({ country: 'FR', city: '' });
    expect(database.lookup('2a02:ff80::1')).toEqual({ country: 'DE', city: 'Berlin' });
    expect(database.lookup('103.21.58.7')).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(database.lookup('::ffff:81.2.69.1')).toEqual({ country: 'GB', city: 'London' });
    expect(database.describe()).toBe('Me-Test-City, built 2026-11-01');
  });

  it('knows nothing of addresses outside the data, private ones and malformed strings', () => {
    const database = open(writeFile(NETWORKS));
    for (const address of ['81.2.70.1', '10.0.0.1', '::1', '', 'nonsense', '1.2.3', '1::2::3', '81.2.69.1x']) {
      expect(database.lookup(address), address).toBeNull();
    }
  });

  it('answers nothing for IPv6 addresses from an IPv4-only file, instead of walking its tree with 128 bits', () => {
    const database = open(writeFile([{ network: '0.0.0.0/1', data: cityRecord('US') }], { ipVersion: 4 }));
    expect(database.lookup('1.2.3.4')).toEqual({ country: 'US', city: '' });
    expect(database.lookup('2a02:ff80::1')).toBeNull();
    expect(database.lookup('::1')).toBeNull();
  });
});

describe('openGeoDatabase: its own walk of the IPv4 tree', () => {
  const random = seededRandom(14);
  const byte = () => Math.floor(random() * 256);
  const countries = ['GB', 'FR', 'DE', 'NG', 'IN', 'US', 'BR', 'KE'];
  // Nested networks of every length, the longer after the shorter (later ones win where they overlap).
  const networks: MmdbNetwork[] = Array.from({ length: 3_000 }, () => ({
    network: `${byte()}.${byte()}.${byte()}.${byte()}/${8 + Math.floor(random() * 25)}`,
    data: cityRecord(countries[Math.floor(random() * countries.length)]!, random() < 0.5 ? 'Somewhere' : undefined),
  })).sort((a, b) => Number(a.network.split('/')[1]) - Number(b.network.split('/')[1]));
  const addresses = Array.from({ length: 20_000 }, (_, i) => {
    // Half of them inside a network (its first address with random low bits), half anywhere.
    if (i % 2 === 1) return `${byte()}.${byte()}.${byte()}.${byte()}`;
    const [first, second] = networks[i % networks.length]!.network.split('.');
    return `${first}.${second}.${byte()}.${byte()}`;
  });

  for (const recordSize of [24, 28, 32] as const) {
    for (const ipVersion of [4, 6] as const) {
      it(`answers what maxmind's reader answers, with ${recordSize}-bit records in an IPv${ipVersion} tree`, () => {
        const bytes = writeMmdb(networks, { recordSize, ipVersion });
        const file = path.join(makeTempDir('me-geo-'), 'city.mmdb');
        fs.writeFileSync(file, bytes);
        const database = open(file);
        const reader = new Reader<CityResponse>(bytes);
        const expected = (address: string) => {
          const record = reader.get(address);
          return record ? { country: record.country?.iso_code, city: record.city?.names.en ?? '' } : null;
        };
        const mismatches = addresses
          .filter((address) => JSON.stringify(database.lookup(address)) !== JSON.stringify(expected(address)))
          .slice(0, 5)
          .map((address) => ({ address, ours: database.lookup(address), reader: expected(address) }));
        expect(mismatches).toEqual([]);
        expect(addresses.filter((address) => database.lookup(address) !== null).length).toBeGreaterThan(10_000);
      });
    }
  }
});

describe('openGeoDatabase: files it cannot use', () => {
  it('names a missing file', () => {
    const file = path.join(makeTempDir('me-geo-'), 'missing.mmdb');
    expect(() => openGeoDatabase(file)).toThrow(new GeoDatabaseError(`cannot read "${file}" (no such file)`));
  });

  it('refuses a file that is not a MaxMind database, and one cut short', () => {
    const dir = makeTempDir('me-geo-');
    const text = path.join(dir, 'text.mmdb');
    fs.writeFileSync(text, 'not a database\n');
    expect(() => openGeoDatabase(text)).toThrow(/^".*text\.mmdb" is not a MaxMind database \(/);
    const cut = path.join(dir, 'cut.mmdb');
    const whole = writeMmdb(NETWORKS);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(() => openGeoDatabase(cut)).toThrow(GeoDatabaseError);
  });

  it('refuses a directory', () => {
    expect(() => openGeoDatabase(makeTempDir('me-geo-'))).toThrow(GeoDatabaseError);
  });
});

describe('openGeoDatabase: replacing the file', () => {
  it('reads a file moved over the old one, without being reopened', async () => {
    const file = writeFile(NETWORKS);
    const lines: string[] = [];
    const database = open(file, (line) => lines.push(line));
    expect(database.lookup('81.2.69.1')?.country).toBe('GB');

    const next = `${file}.new`;
    fs.writeFileSync(next, writeMmdb([{ network: '81.2.69.0/24', data: cityRecord('NG', 'Lagos') }]));
    fs.renameSync(next, file);
    await until(() => database.lookup('81.2.69.1')?.country === 'NG', 'the new file');
    expect(database.lookup('81.2.69.1')).toEqual({ country: 'NG', city: 'Lagos' });
    expect(database.lookup('2a02:ff80::1')).toBeNull();
    expect(lines).toEqual([`GeoIP data reloaded from ${file} (Me-Test-City, built 2026-11-01)`]);
  });

  it('keeps the loaded data when the new file is broken, logs one line, and takes the next good file', async () => {
    const file = writeFile(NETWORKS);
    const lines: string[] = [];
    const database = open(file, (line) => lines.push(line));
    const whole = writeMmdb([{ network: '81.2.69.0/24', data: cityRecord('KE', 'Nairobi') }], {
      buildEpoch: Date.UTC(2026, 10, 20) / 1000,
    });
    // Written in place and left half done, like a copy that failed.
    fs.writeFileSync(file, whole.subarray(0, 40));
    await until(() => lines.length === 1, 'the failure line');
    expect(lines[0]).toMatch(
      /^GeoIP data not reloaded: ".*city\.mmdb" is not a MaxMind database \(.*\); keeping Me-Test-City, built 2026-11-01$/,
    );
    expect(database.lookup('81.2.69.1')).toEqual({ country: 'GB', city: 'London' });

    fs.writeFileSync(file, whole);
    await until(() => lines.length === 2, 'the reload line');
    expect(lines[1]).toBe(`GeoIP data reloaded from ${file} (Me-Test-City, built 2026-11-20)`);
    expect(database.lookup('81.2.69.1')).toEqual({ country: 'KE', city: 'Nairobi' });
  });

  it('keeps the loaded data while the file is gone', async () => {
    const file = writeFile(NETWORKS);
    const lines: string[] = [];
    const database = open(file, (line) => lines.push(line));
    fs.rmSync(file);
    await until(() => lines.length === 1, 'the failure line');
    expect(lines[0]).toBe(
      `GeoIP data not reloaded: cannot read "${file}" (no such file); keeping Me-Test-City, built 2026-11-01`,
    );
    expect(database.lookup('81.2.69.1')).toEqual({ country: 'GB', city: 'London' });
  });

  it('ignores other files in the folder', async () => {
    const file = writeFile(NETWORKS);
    const lines: string[] = [];
    open(file, (line) => lines.push(line));
    fs.writeFileSync(path.join(path.dirname(file), 'other.mmdb'), 'x');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines).toEqual([]);
  });
});
