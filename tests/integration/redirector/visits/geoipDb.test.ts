/**
 * GEOIP_DB through the BUILT server (`npm run build` first), on each store: the country redirect
 * follows the named MMDB file, a replaced file changes the answers without a restart, and a file it
 * cannot use stops the start with one line.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../../../redirector/storage/openStore';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { cityRecord, writeMmdb } from '../../../helpers/mmdbWriter';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { logMessages, runToExit, type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { IP } from '../../../helpers/visitors';

const TARGET = 'https://example.com/target';
const ELSEWHERE = 'https://example.com/elsewhere';
const LONDON = '81.2.69.1';

/** geoip-lite puts IP.us in the US and IP.india in India; this file says otherwise. */
const FIRST = writeMmdb([
  { network: '3.3.3.0/24', data: cityRecord('NG', 'Lagos') },
  { network: '81.2.69.0/24', data: cityRecord('GB', 'London') },
]);
const SECOND = writeMmdb([
  { network: '3.3.3.0/24', data: cityRecord('US', 'Ashburn') },
  { network: '81.2.69.0/24', data: cityRecord('IN', 'Mumbai') },
]);

function visit(server: ServerProcess, shortCode: string, address: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}/${shortCode}`,
      { headers: { 'X-Forwarded-For': address }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers.location));
      },
    );
    req.on('error', reject);
  });
}

async function createLink(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      short_code: 'geo',
      target_url: TARGET,
      enable_country_redirect: true,
      country_redirect_url: ELSEWHERE,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

interface StoreCase {
  kind: string;
  /** Environment for the server, and the store to read its clicks after it stopped. */
  prepare(dataDir: string): Promise<{ env: Record<string, string>; reopen(): Promise<Store>; done(): Promise<void> }>;
}

const STORES: StoreCase[] = [
  {
    kind: 'SQLite',
    async prepare(dataDir) {
      return {
        env: {},
        reopen: async () => createSqliteStore(path.join(dataDir, SQLITE_FILE)),
        done: async () => {},
      };
    },
  },
  {
    kind: 'PostgreSQL',
    async prepare() {
      const schema: TestSchema = await createTestSchema();
      return {
        env: { DATABASE_URL: schema.url },
        reopen: () => createPostgresStore(schema.url),
        done: () => schema.drop(),
      };
    },
  },
];

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe.each(STORES)('GEOIP_DB on $kind', (store) => {
  it("redirects by the file's countries, and by the new file's once it replaces the old one", async () => {
    const dataDir = makeTempDir('me-geodb-');
    const geoDir = makeTempDir('me-geodb-files-');
    const file = path.join(geoDir, 'city.mmdb');
    fs.writeFileSync(file, FIRST);
    const prepared = await store.prepare(dataDir);
    try {
      server = await startServerProcess({ dataDir, env: { ...prepared.env, GEOIP_DB: file, TRUST_PROXY: '1' } });
      expect(server.output()).toContain(`me: GeoIP data: ${file} (Me-Test-City, built 2026-11-01)`);
      const linkId = await createLink(server);

      expect(await visit(server, 'geo', IP.us)).toBe(ELSEWHERE); // NG in the file
      expect(await visit(server, 'geo', LONDON)).toBe(TARGET);
      expect(await visit(server, 'geo', IP.india)).toBe(TARGET); // not in the file: XX

      // Replaced the way updaters do it: written beside, then renamed over the old file.
      fs.writeFileSync(`${file}.tmp`, SECOND);
      fs.renameSync(`${file}.tmp`, file);
      const started = Date.now();
      while ((await visit(server, 'geo', IP.us)) !== TARGET) {
        if (Date.now() - started > 10_000) throw new Error(`the new file was not read:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await visit(server, 'geo', LONDON)).toBe(ELSEWHERE); // IN in the new file
      expect(server.output()).toContain(`me: GeoIP data reloaded from ${file}`);
      expect(await server.stop()).toBe(0);
      server = undefined;

      const reopened = await prepared.reopen();
      try {
        const clicks = await reopened.clicks.listByLink(linkId);
        const places = new Set(clicks.map((click) => `${click.ip_address} ${click.country} ${click.city}`));
        expect(places).toEqual(
          new Set([
            `${IP.us} NG Lagos`,
            `${LONDON} GB London`,
            `${IP.india} XX null`,
            `${IP.us} US Ashburn`,
            `${LONDON} IN Mumbai`,
          ]),
        );
      } finally {
        await reopened.close();
      }
    } finally {
      await prepared.done();
    }
  });
});

describe('GEOIP_DB that cannot be used', () => {
  it('stops the start with one line and exit 1 when the file is missing', async () => {
    const file = path.join(makeTempDir('me-geodb-'), 'missing.mmdb');
    const exit = await runToExit({ GEOIP_DB: file });
    expect({ ...exit, stderr: logMessages(exit.stderr) }).toEqual({
      code: 1,
      stdout: '',
      stderr: `me: GEOIP_DB: cannot read "${file}" (no such file)`,
    });
  });

  it('stops the start with one line and exit 1 when the file is not a MaxMind database', async () => {
    const file = path.join(makeTempDir('me-geodb-'), 'city.mmdb');
    fs.writeFileSync(file, FIRST.subarray(0, 100));
    const exit = await runToExit({ GEOIP_DB: file });
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe('');
    expect(logMessages(exit.stderr)).toMatch(/^me: GEOIP_DB: ".*city\.mmdb" is not a MaxMind database \([^\n]*\)$/);
  });
});
