/**
 * An import cancelled while it runs (docs/api.md#imports), on both stores: once `DELETE
 * /api/imports?id=` has answered `cancelled`, the job stores no more links, and its figures (in
 * that answer and at the end) are the links it stored. A YOURLS page of 2,000 links is stored in
 * parts; the rest of the page used to be created after the answer (seconds of it on PostgreSQL),
 * counted nowhere: a job saying it created 0 links left 2,000.
 */
import mysql from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { adminScope } from '../../../../redirector/auth/scope';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { YOURLS_ROWS_PER_PAGE } from '../../../../redirector/storage/foreign/yourlsReader';
import { adminHeaders, call } from '../../../helpers/api';
import { createYourlsDatabase } from '../../../helpers/yourlsDatabase';
import { importWhen, startImport } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

/** More than a page of the source's links: the cancel comes while the first page is being stored. */
const LINKS = YOURLS_ROWS_PER_PAGE + 1000;
/** How long the links are watched after the cancel answered. */
const WATCH_MS = 3000;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORE_SERVERS)('an import cancelled while it runs, on $kind', (store) => {
  it('stores nothing after the cancel answered, and its figures are the links it stored', async () => {
    const yourls = await createYourlsDatabase();
    cleanups.push(() => yourls.drop());
    // In one statement: a row a statement would take most of the test's time.
    const seeder = await mysql.createConnection(yourls.url);
    await seeder.query('INSERT INTO yourls_url (keyword, url, title, timestamp, ip, clicks) VALUES ?', [
      Array.from({ length: LINKS }, (_, n) => [
        `c${String(n).padStart(5, '0')}`,
        `https://example.com/page/${n}`,
        `Page ${n}`,
        '2024-01-02 03:04:05',
        '127.0.0.1',
        0,
      ]),
    ]);
    await seeder.end();
    const server = await store.start();
    cleanups.push(() => server.close());
    const stored = () => server.store.links.ownedCount(adminScope('sign-in'));

    const started = await startImport(server, yourls.url);
    expect(started.status).toBe(202);
    const id = started.body.import.id;
    // Cancelled once its first part of links is in.
    for (let attempt = 0; (await stored()) === 0; attempt++) {
      if (attempt > 3000) throw new Error('the import stored no link');
      await sleep(5);
    }
    const cancelled = await call<{ import: ImportJob }>(server, 'DELETE', `/api/imports?id=${id}`, {
      headers: adminHeaders(server.adminKey),
    });
    const atCancel = await stored();
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.import.state).toBe('cancelled');
    expect(atCancel).toBeGreaterThan(0);
    expect(atCancel).toBeLessThan(LINKS);

    // Nothing more comes in after the answer.
    const seen: number[] = [];
    for (let waited = 0; waited < WATCH_MS; waited += 250) {
      await sleep(250);
      seen.push(await stored());
    }
    expect(seen).toEqual(seen.map(() => atCancel));

    // The answer and the job as it ended say what was stored: every row seen was created.
    const linksStored = { seen: atCancel, created: atCancel, updated: 0, skipped: 0, conflicts: 0 };
    expect(cancelled.body.import.links).toEqual(linksStored);
    const job = await importWhen(server, id);
    expect(job).toMatchObject({ state: 'cancelled', links: linksStored, clicks: { seen: 0, imported: 0 } });
    expect(await server.store.clicks.countAll()).toBe(0);
  });
});
