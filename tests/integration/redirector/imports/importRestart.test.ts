/**
 * An import survives a restart (docs/api.md#imports), on both stores: the service stops while its
 * job waits on the source (the test holds YOURLS' click table locked), the next start on the same
 * database resumes the job from its checkpoint, and nothing is stored twice. Meanwhile a second
 * import of the same owner is refused (409), and a cancelled one stops with what is in kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { adminHeaders, call } from '../../../helpers/api';
import { createTestSchema, startPostgresTestServer, type TestSchema } from '../../../helpers/postgres';
import { makeTempDir, startTestServer, type TestServer } from '../../../helpers/testServer';
import { createYourlsDatabase, type YourlsDatabase } from '../../../helpers/yourlsDatabase';
import { importWhen, seedYourls, startImport } from '../../../helpers/yourlsImports';

/** No link holds a code here: `taken` is imported too. */
const IMPORTED = {
  links: { seen: 6, created: 4, updated: 0, skipped: 2, conflicts: 0 },
  clicks: { seen: 8, imported: 6 },
};

interface Restartable {
  kind: string;
  /** A server on this test's database, the same one on every call. */
  start(): Promise<TestServer>;
  drop(): Promise<void>;
}

function sqliteRestartable(): Restartable {
  const dataDir = makeTempDir();
  return { kind: 'sqlite', start: () => startTestServer({ dataDir }), drop: async () => {} };
}

function postgresRestartable(): Restartable {
  let schema: TestSchema | undefined;
  return {
    kind: 'postgres',
    async start() {
      schema ??= await createTestSchema();
      return (await startPostgresTestServer(schema.url)) as unknown as TestServer;
    },
    drop: async () => schema?.drop(),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each([sqliteRestartable, postgresRestartable])('an import across a restart (%o)', (make) => {
  it('resumes from its checkpoint, stores nothing twice, and allows one import at a time', async () => {
    const store = make();
    cleanups.push(() => store.drop());
    const yourls: YourlsDatabase = await createYourlsDatabase();
    cleanups.push(() => yourls.drop());
    await seedYourls(yourls);
    const lock = await yourls.lockClicks();
    let unlocked = false;
    cleanups.push(async () => {
      if (!unlocked) await lock.unlock();
    });

    const first = await store.start();
    let firstOpen = true;
    cleanups.push(async () => {
      if (firstOpen) await first.close();
    });
    const started = await startImport(first, yourls.url);
    expect(started.status).toBe(202);
    const id = started.body.import.id;
    // The links are in; the clicks wait on the lock.
    const midway = await importWhen(first, id, (job) => job.links.seen === IMPORTED.links.seen);
    expect(midway).toMatchObject({ state: 'running', links: IMPORTED.links, clicks: { seen: 0, imported: 0 } });

    const second = await startImport(first, yourls.url);
    expect(second.status).toBe(409);

    firstOpen = false;
    await first.close();
    await lock.unlock();
    unlocked = true;

    const restarted = await store.start();
    cleanups.push(() => restarted.close());
    const job = await importWhen(restarted, id);
    expect(job).toMatchObject({ state: 'done', ...IMPORTED });
    const links = await call(restarted, 'GET', '/api/links?per_page=200', {
      headers: adminHeaders(restarted.adminKey),
    });
    const home = (links.body as { short_code: string; id: number; total_clicks: number }[]).find(
      (link) => link.short_code === 'home',
    )!;
    expect(home.total_clicks).toBe(3);
    expect(links.body).toHaveLength(4);
    expect(await restarted.store.clicks.countAll()).toBe(IMPORTED.clicks.imported);

    // Cancelling: a finished job is 409; a queued one stops, and the next may start.
    const ended = await call(restarted, 'DELETE', `/api/imports?id=${id}`, {
      headers: adminHeaders(restarted.adminKey),
    });
    expect(ended.status).toBe(409);
    const relock = await yourls.lockClicks();
    const another = await startImport(restarted, yourls.url);
    await importWhen(restarted, another.body.import.id, (job) => job.links.seen === IMPORTED.links.seen);
    const cancelled = await call<{ import: ImportJob }>(
      restarted,
      'DELETE',
      `/api/imports?id=${another.body.import.id}`,
      {
        headers: adminHeaders(restarted.adminKey),
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.import.state).toBe('cancelled');
    await relock.unlock();
    const after = await importWhen(restarted, another.body.import.id);
    expect(after.state).toBe('cancelled');
    expect(await restarted.store.clicks.countAll()).toBe(IMPORTED.clicks.imported);
  });
});
