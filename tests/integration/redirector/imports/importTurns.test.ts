/**
 * An import job leaves the event loop to the rest of the service between parts of its work
 * (docs/api.md#imports): on SQLite, whose statements run on the event loop, a page of 2,000 clicks
 * read from YOURLS is stored a part at a time, a turn between two parts, each part with its
 * checkpoint, each part sized from the CPU time of the one before (importTurns.ts). A task of the
 * same process that looks once a turn (as a redirect waiting for its turn would) sees the stored
 * clicks grow a part at a time: the first of CLICK_PARTS.first, each next one a power of two at
 * most twice the last, and at every look the checkpoint passes exactly the clicks stored. The page
 * used to be stored in one go: the count jumped from 0 to 2,000 in one turn, and every redirect of
 * the instance waited for it.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { CLICK_PARTS } from '../../../../redirector/imports/importTurns';
import { YOURLS_ROWS_PER_PAGE } from '../../../../redirector/storage/foreign/yourlsReader';
import { startTestServer } from '../../../helpers/testServer';
import { createYourlsDatabase } from '../../../helpers/yourlsDatabase';
import { CHROME, importWhen, startImport } from '../../../helpers/yourlsImports';

const CLICKS = 2_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isPowerOfTwo = (n: number) => Number.isInteger(Math.log2(n));

describe('an import job on SQLite', () => {
  it('stores a page of clicks a part a turn, parts sized by their CPU time, every part with its checkpoint', async () => {
    // One page of the source's clicks, more than the first three parts can hold even when they double.
    expect(CLICKS).toBeLessThanOrEqual(YOURLS_ROWS_PER_PAGE);
    expect(CLICKS).toBeGreaterThan(CLICK_PARTS.first * 7);
    const yourls = await createYourlsDatabase();
    cleanups.push(() => yourls.drop());
    await yourls.addLinks([{ keyword: 'sale', url: 'https://shop.example.com/sale' }]);
    // In one statement: a row a statement would take most of the test's time.
    const seeder = await mysql.createConnection(yourls.url);
    await seeder.query(
      'INSERT INTO yourls_log (click_time, shorturl, referrer, user_agent, ip_address, country_code) VALUES ?',
      [
        Array.from({ length: CLICKS }, (_, n) => [
          `2024-03-0${1 + (n % 9)} 10:${String(n % 60).padStart(2, '0')}:00`,
          'sale',
          'direct',
          CHROME,
          '203.0.113.9',
          'FR',
        ]),
      ],
    );
    await seeder.end();
    const server = await startTestServer();
    cleanups.push(() => server.close());
    // A reader of the same file: it sees what the job's transactions committed, at the moment it looks.
    const reader = new Database(path.join(server.dataDir, 'me.sqlite'), { readonly: true });
    cleanups.push(() => {
      reader.close();
    });
    const storedClicks = reader.prepare('SELECT COUNT(*) AS n FROM clicks WHERE imported').pluck();
    const checkpoint = reader.prepare('SELECT checkpoint FROM import_jobs ORDER BY id DESC LIMIT 1').pluck();
    // The count and the checkpoint from one snapshot of the file.
    const look = reader.transaction(() => {
      const saved = checkpoint.get() as string | undefined;
      const after = saved ? Number((JSON.parse(saved) as { after_click?: number }).after_click ?? 0) : 0;
      return { stored: Number(storedClicks.get()), after };
    });

    const seen: { stored: number; after: number }[] = [];
    let watching = true;
    const watch = () => {
      if (!watching) return;
      seen.push(look());
      setImmediate(watch);
    };
    setImmediate(watch);
    const started = await startImport(server, yourls.url);
    expect(started.status).toBe(202);
    const job = await importWhen(server, started.body.import.id);
    watching = false;
    seen.push(look());

    expect(job).toMatchObject({ state: 'done', clicks: { seen: CLICKS, imported: CLICKS } });
    // Nothing lost, nothing twice; the job's checkpoint is the last click stored: a restart reads on from there.
    expect(seen.at(-1)).toEqual({ stored: CLICKS, after: CLICKS });
    // A part and the checkpoint that passes it commit together: no look saw one without the other.
    for (const { stored, after } of seen) expect(after).toBe(stored);
    // Each part seen on its own: the steps between the counts are the parts.
    const counts = [...new Set(seen.map(({ stored }) => stored))].sort((a, b) => a - b);
    const parts = counts.slice(1).map((count, index) => count - counts[index]!);
    expect(counts[0]).toBe(0);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts[0]).toBe(CLICK_PARTS.first);
    // Every part but the page's last is a power of two within the bounds, and at most twice the one before.
    for (const [index, part] of parts.slice(0, -1).entries()) {
      expect(isPowerOfTwo(part)).toBe(true);
      expect(part).toBeGreaterThanOrEqual(CLICK_PARTS.min);
      expect(part).toBeLessThanOrEqual(CLICK_PARTS.max);
      if (index > 0) expect(part).toBeLessThanOrEqual(parts[index - 1]! * 2);
    }
    expect(parts.at(-1)).toBeLessThanOrEqual(parts.length > 1 ? parts.at(-2)! * 2 : CLICK_PARTS.first);

    // The same source again stores nothing more.
    const again = await importWhen(server, (await startImport(server, yourls.url)).body.import.id);
    expect(again).toMatchObject({ state: 'done', clicks: { seen: 0, imported: 0 } });
    expect(look().stored).toBe(CLICKS);
  });
});
