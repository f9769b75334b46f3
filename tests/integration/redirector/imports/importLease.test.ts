/**
 * An import runs on one instance at a time (docs/api.md#jobs-across-restarts), on PostgreSQL: a
 * job whose instance lost its lease while it waited on its source (it could not renew it; the test
 * ends it) is taken by another instance and resumed from its checkpoint, while the first still
 * waits. When the source answers both, only the job's holder stores: the first instance's part is
 * rolled back and it lets the job go. Both used to store their pages, every click twice. And the
 * instance renews the lease while it waits, which it used to renew only with a saved part.
 */
import mysql from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { asTestServer, createTestSchema, startPostgresTestServer } from '../../../helpers/postgres';
import { createYourlsDatabase } from '../../../helpers/yourlsDatabase';
import { importWhen, seedYourls, startImport } from '../../../helpers/yourlsImports';

/** No link holds a code here: `taken` is imported too (as importRestart.test.ts). */
const IMPORTED = {
  links: { seen: 6, created: 4, updated: 0, skipped: 2, conflicts: 0 },
  clicks: { seen: 8, imported: 6 },
};

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

/**
 * A seeded YOURLS database, a fresh schema and an instance on it, whose import of YOURLS has read
 * its links and waits on the clicks (their table locked until `unlockClicks`); all ended after the
 * test. `job`: the import's row, its checkpoint and lease.
 */
async function importWaitingOnClicks() {
  const yourls = await createYourlsDatabase();
  cleanups.push(() => yourls.drop());
  await seedYourls(yourls);
  const schema = await createTestSchema();
  cleanups.push(() => schema.drop());
  const server = await instanceOn(schema);
  // The job reads its links, then waits on YOURLS' clicks.
  const clicksLock = await yourls.lockClicks();
  cleanups.push(() => clicksLock.unlock());
  const started = await startImport(server, yourls.url);
  expect(started.status).toBe(202);
  const id = started.body.import.id;
  const job = async () =>
    (
      await schema.query<{ checkpoint: string; lease_until: string; lease_claim: string }>(
        'SELECT checkpoint, lease_until, lease_claim FROM import_jobs WHERE id = $1',
        [id],
      )
    )[0]!;
  await until('the links are in', async () => JSON.parse((await job()).checkpoint).phase === 'clicks');
  return { yourls, schema, server, id, job, unlockClicks: () => clicksLock.unlock() };
}

/** An instance on `schema`, closed after the test. */
async function instanceOn(schema: { url: string }) {
  const server = asTestServer(await startPostgresTestServer(schema.url));
  cleanups.push(() => server.close());
  return server;
}

describe('the lease of an import on postgres', () => {
  it('ran out while it waited on its source: the job is stored by the instance that took it, once', async () => {
    const { yourls, schema, id, job, unlockClicks } = await importWaitingOnClicks();
    // A second instance, and the first one's lease run out, as when it cannot renew it (kept run out,
    // while the first instance's claim stands, until the second instance has taken the job).
    const second = await instanceOn(schema);
    const claim = Number((await job()).lease_claim);
    await until('the second instance has taken the job', async () => {
      await schema.query('UPDATE import_jobs SET lease_until = 1000000 WHERE id = $1 AND lease_claim = $2', [
        id,
        claim,
      ]);
      return Number((await job()).lease_claim) !== claim;
    });
    const source = await mysql.createConnection(yourls.url);
    cleanups.push(() => source.end());
    const waiting = async () => {
      const [rows] = await source.query(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT click_id%'",
      );
      return Number((rows as { n: number }[])[0]!.n);
    };
    await until('both instances wait on the clicks', async () => (await waiting()) === 2);
    await unlockClicks();

    const ended = await importWhen(second, id);
    expect(ended).toMatchObject({ state: 'done', ...IMPORTED });
    const [stored] = await schema.query<{ n: string }>('SELECT COUNT(*) AS n FROM clicks');
    expect(Number(stored!.n)).toBe(IMPORTED.clicks.imported);
    const [links] = await schema.query<{ n: string }>('SELECT COUNT(*) AS n FROM links');
    expect(Number(links!.n)).toBe(IMPORTED.links.created);
  });
  it('keeps its lease while it waits on its source', async () => {
    const { server, id, job, unlockClicks } = await importWaitingOnClicks();
    // Its last save's lease, renewed while the job waits: another instance would take it otherwise.
    const saved = Number((await job()).lease_until);
    await until('the lease is renewed', async () => Number((await job()).lease_until) > saved);
    await unlockClicks();
    expect(await importWhen(server, id)).toMatchObject({ state: 'done', ...IMPORTED });
  });
});
