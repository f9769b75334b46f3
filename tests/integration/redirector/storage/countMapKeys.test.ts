/**
 * Count map keys come from visitors (referrer hosts, device models, browser names): names that
 * plain objects inherit (`constructor`, `toString`) or treat specially (`__proto__`) must be
 * counted like any other, on both stores, through real redirects and the analytics API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkRecord } from '../../../../redirector/storage/records';
import type { Store } from '../../../../redirector/storage/store';
import { visit } from '../../../helpers/analytics';
import { createTestSchema, startPostgresTestServer } from '../../../helpers/postgres';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../../../helpers/testServer';
import { newClick, newLink } from './storeKinds';

interface Served {
  url: string;
  store: Store;
  app: { drain(): Promise<void> };
  close(): Promise<void>;
}

const SERVERS: { kind: string; start(): Promise<Served> }[] = [
  { kind: 'sqlite', start: () => startTestServer() },
  {
    kind: 'postgres',
    async start() {
      const schema = await createTestSchema();
      const server = await startPostgresTestServer(schema.url);
      return {
        ...server,
        async close() {
          await server.close();
          await schema.drop();
        },
      };
    },
  },
];

/** Clicks per name: distinct counts, so that the expected order is fixed. */
const NAMES = [
  ['toString', 3],
  ['__proto__', 2],
  ['constructor', 1],
] as const;

const androidWithModel = (model: string) =>
  `Mozilla/5.0 (Linux; Android 13; ${model} Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36`;

async function linkStats(server: Served, linkId: number) {
  const response = await fetch(`${server.url}/api/analytics/${linkId}`, { headers: { 'X-API-Key': TEST_ADMIN_KEY } });
  expect(response.status).toBe(200);
  // Parsed as any client would: JSON.parse makes `__proto__` an own key.
  return JSON.parse(await response.text()).stats;
}

describe.each(SERVERS)('count map keys named like Object.prototype members ($kind)', ({ start }) => {
  let server: Served;
  let redirected: LinkRecord;
  let loaded: LinkRecord;

  beforeAll(async () => {
    server = await start();
    redirected = await server.store.links.create(newLink({ short_code: 'proto-keys' }));
    for (const [name, times] of NAMES) {
      for (let i = 0; i < times; i++) {
        // visit() reads only the server's url.
        const status = await visit(server as TestServer, redirected.short_code, {
          userAgent: androidWithModel(name),
          ip: '198.51.100.7',
          referer: `http://${name}/page`,
        });
        expect(status).toBe(302);
      }
    }
    await server.app.drain();
    // Browser and OS names come from ua-parser-js's own list, so these are stored directly.
    loaded = await server.store.links.create(newLink({ short_code: 'proto-browsers' }));
    await server.store.clicks.insertMany(
      NAMES.flatMap(([name, times]) =>
        Array.from({ length: times }, (_, i) =>
          newClick(loaded.id, Date.UTC(2025, 0, 1, 12, i), { browser: name, os: name, ip_address: `198.51.100.${i}` }),
        ),
      ),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('counts referrer hosts and device models of real redirects', async () => {
    const stats = await linkStats(server, redirected.id);
    expect(stats.totalClicks).toBe(6);
    // Host names are lower-cased.
    expect(Object.entries(stats.referrerCounts)).toEqual(NAMES.map(([name, clicks]) => [name.toLowerCase(), clicks]));
    expect(Object.entries(stats.deviceCounts)).toEqual(NAMES);
    expect(Object.entries(stats.browserCounts)).toEqual([['Chrome', 6]]);
  });

  it('counts browser and OS names', async () => {
    const stats = await linkStats(server, loaded.id);
    expect(Object.entries(stats.browserCounts)).toEqual(NAMES);
    expect(Object.entries(stats.osCounts)).toEqual(NAMES);
  });
});
