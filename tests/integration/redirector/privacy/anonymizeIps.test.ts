/**
 * ANONYMIZE_IPS=1 (docs/api.md#hardening-and-privacy) on both stores: real redirects from IPv4 and
 * IPv6 addresses (X-Forwarded-For behind TRUST_PROXY) and a wrong credential leave no full address
 * in any file of DATA_DIR or any PostgreSQL table, while unique and repeat visitors equal the
 * figures of the same traffic stored without anonymizing, and the answers show truncated addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VISITOR_KEY_FILE } from '../../../../redirector/privacy/visitorSecret';
import type { PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { storeLink } from '../../../helpers/analytics';
import { call } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';
import { FULL_ADDRESSES, sendTraffic, TRUNCATED, visitorAnswers } from './privacyTraffic';

const PROXIED = { TRUST_PROXY: '1' };

/** The full addresses found in `text`. */
const fullAddressesIn = (text: string) => FULL_ADDRESSES.filter((ip) => text.includes(ip));

function dataDirText(dataDir: string): string {
  return fs
    .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== VISITOR_KEY_FILE && fs.statSync(path.join(dataDir, name)).isFile())
    .map((name) => fs.readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('\n');
}

async function postgresTablesText(store: PostgresStore): Promise<string> {
  const { rows: tables } = await store.pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['clicks', 'visitors', 'attempt_limits']));
  const texts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await store.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
    texts.push(...rows.map((r) => r.row));
  }
  return texts.join('\n');
}

async function run(server: TestServer) {
  const link = await storeLink(server, { short_code: `anon${Date.now() % 100000}` });
  await sendTraffic(server, link.short_code);
  // A wrong credential from a full address: PostgreSQL keeps the limiter's key in a table.
  const wrong = await call(server, 'GET', '/api/analytics/summary', {
    headers: { 'X-API-Key': 'wrong-key-0123456789abcdef', 'X-Forwarded-For': FULL_ADDRESSES[2] },
  });
  expect(wrong.status).toBe(401);
  return { link, answers: await visitorAnswers(server, link.id) };
}

describe.each(STORE_SERVERS)('ANONYMIZE_IPS on $kind', (kind) => {
  it('stores no full address, counts the same visitors and shows truncated addresses', async () => {
    const plain = await kind.start(PROXIED);
    let baseline: Awaited<ReturnType<typeof run>>;
    try {
      baseline = await run(plain);
    } finally {
      await plain.close();
    }
    // Without anonymizing, the addresses are stored as they came (the search below can find them).
    expect(baseline.answers.repeat.top.map((v: { ip: string }) => v.ip)).toContain(FULL_ADDRESSES[0]);

    const server = await kind.start({ ...PROXIED, ANONYMIZE_IPS: '1' });
    try {
      const { answers } = await run(server);
      const stats = answers.link.stats;
      expect(stats.uniqueVisitors).toBe(5);
      expect(stats.uniqueVisitors).toBe(baseline.answers.link.stats.uniqueVisitors);
      expect(stats.totalClicks).toBe(baseline.answers.link.stats.totalClicks);
      expect(answers.summary.uniqueVisitors).toBe(baseline.answers.summary.uniqueVisitors);
      const { top, ...repeatFigures } = answers.repeat;
      const { top: baselineTop, ...baselineFigures } = baseline.answers.repeat;
      expect(repeatFigures).toEqual(baselineFigures);
      expect(repeatFigures.repeatVisitors).toBe(3);
      expect(top.map((v: { visits: number }) => v.visits)).toEqual(
        baselineTop.map((v: { visits: number }) => v.visits),
      );
      expect(answers.realtime.activeVisitors).toBe(baseline.answers.realtime.activeVisitors);
      expect(answers.live.totals.online).toBe(5);
      expect(answers.live.totals).toEqual(baseline.answers.live.totals);

      // What the UI shows: the stored, truncated addresses.
      const shown = [
        ...top.map((v: { ip: string }) => v.ip),
        ...answers.live.visitors.map((v: { ip: string }) => v.ip),
        ...answers.link.recentClicks.map((c: { ip_address: string }) => c.ip_address),
        ...answers.realtime.latestClicks.map((c: { ip_address: string }) => c.ip_address),
      ];
      expect(new Set(answers.link.recentClicks.map((c: { ip_address: string }) => c.ip_address))).toEqual(
        new Set(TRUNCATED),
      );
      for (const ip of shown) expect(TRUNCATED).toContain(ip);
      expect(fullAddressesIn(JSON.stringify(answers))).toEqual([]);

      if (kind.kind === 'sqlite') {
        const { db } = server.store as unknown as SqliteStore;
        db.pragma('wal_checkpoint(TRUNCATE)');
        expect(fullAddressesIn(dataDirText(server.dataDir))).toEqual([]);
        const keyFile = path.join(server.dataDir, VISITOR_KEY_FILE);
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      } else {
        const text = await postgresTablesText(server.store as unknown as PostgresStore);
        expect(text).toContain(TRUNCATED[0]);
        expect(fullAddressesIn(text)).toEqual([]);
      }
    } finally {
      await server.close();
    }
    if (kind.kind === 'sqlite') expect(fullAddressesIn(dataDirText(server.dataDir))).toEqual([]);
  });
});
