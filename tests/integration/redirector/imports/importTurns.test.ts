/**
 * An import job leaves the event loop to the rest of the service between parts of its work
 * (docs/api.md#imports): on SQLite, whose statements run on the event loop, a page of 2,000 clicks
 * read from YOURLS is stored CLICKS_PER_TURN at a time, a turn between two parts, each part with
 * its checkpoint. A task of the same process that looks once a turn (as a redirect waiting for its
 * turn would) sees the stored clicks grow by at most a part each time, through every step between
 * none and all. The page used to be stored in one go: the count jumped from 0 to 2,000 in one turn,
 * and every redirect of the instance waited for it.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { CLICKS_PER_PAGE } from '../../../../redirector/imports/importJob';
import { CLICKS_PER_TURN } from '../../../../redirector/imports/importTurns';
import { startTestServer } from '../../../helpers/testServer';
import { createYourlsDatabase } from '../../../helpers/yourlsDatabase';
import { CHROME, importWhen, startImport } from '../../../helpers/yourlsImports';

const CLICKS = 2_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an import job on SQLite', () => {
  it('stores a page of clicks a part a turn, every part with its checkpoint', async () => {
    // One page of the source's clicks, several parts of it.
    expect(CLICKS).toBeLessThanOrEqual(CLICKS_PER_PAGE);
    expect(CLICKS / CLICKS_PER_TURN).toBeGreaterThanOrEqual(3);
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
    const stored = () => Number(reader.prepare('SELECT COUNT(*) AS n FROM clicks WHERE imported').pluck().get());

    const seen: number[] = [];
    let watching = true;
    const watch = () => {
      if (!watching) return;
      seen.push(stored());
      setImmediate(watch);
    };
    setImmediate(watch);
    const started = await startImport(server, yourls.url);
    expect(started.status).toBe(202);
    const job = await importWhen(server, started.body.import.id);
    watching = false;
    seen.push(stored());

    expect(job).toMatchObject({ state: 'done', clicks: { seen: CLICKS, imported: CLICKS } });
    expect(seen.at(-1)).toBe(CLICKS);
    const steps = seen.slice(1).map((count, index) => count - seen[index]!);
    expect(Math.max(...steps)).toBeLessThanOrEqual(CLICKS_PER_TURN);
    // Every part was seen on its own: each multiple of a part between none and all.
    const parts = Array.from({ length: CLICKS / CLICKS_PER_TURN + 1 }, (_, index) => index * CLICKS_PER_TURN);
    expect([...new Set(seen)].sort((a, b) => a - b)).toEqual(parts);
    // The job's checkpoint is the last click stored: a restart reads on from there.
    const checkpoint = reader.prepare('SELECT checkpoint FROM import_jobs WHERE id = ?').pluck().get(job.id);
    expect(JSON.parse(String(checkpoint))).toMatchObject({ phase: 'clicks', after_click: CLICKS });
  });
});
