/**
 * An error of Me's own database during an import is not the source's (docs/api.md#imports), on
 * PostgreSQL: the test holds the job's row locked while the job stores a part of clicks, and ends
 * the job's connection waiting on it (pg_terminate_backend). The job used to fail with "The source
 * could not be read: terminating connection due to administrator command", though YOURLS answered
 * all along. It now stays running with its checkpoint; once its lease has run out (the test ends
 * it at once) it resumes and ends with every link and click, none twice. The source's own errors,
 * opening it or reading it, still fail the job as the source's.
 */
import mysql from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { captureLogs } from '../../../helpers/logs';
import { asTestServer, createTestSchema, startPostgresTestServer } from '../../../helpers/postgres';
import { startTestServer } from '../../../helpers/testServer';
import { createYourlsDatabase } from '../../../helpers/yourlsDatabase';
import { importWhen, seedYourls, startImport } from '../../../helpers/yourlsImports';

/** No link holds a code here: `taken` is imported too (as importRestart.test.ts). */
const IMPORTED = {
  links: { seen: 6, created: 4, updated: 0, skipped: 2, conflicts: 0 },
  clicks: { seen: 8, imported: 6 },
};
const LOOP_FAILED = 'running imports failed';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe('an import whose own database fails it, on postgres', () => {
  it('is not failed as the source, keeps its checkpoint, and resumes', async () => {
    const logs = captureLogs();
    cleanups.push(() => logs.restore());
    const yourls = await createYourlsDatabase();
    cleanups.push(() => yourls.drop());
    await seedYourls(yourls);
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    const server = asTestServer(await startPostgresTestServer(schema.url));
    cleanups.push(() => server.close());
    // The job reads its links, then waits on YOURLS' clicks.
    const clicksLock = await yourls.lockClicks();
    let clicksLocked = true;
    cleanups.push(async () => {
      if (clicksLocked) await clicksLock.unlock();
    });
    const started = await startImport(server, yourls.url);
    expect(started.status).toBe(202);
    const id = started.body.import.id;
    const checkpoint = async () => {
      const [row] = await schema.query<{ checkpoint: string }>('SELECT checkpoint FROM import_jobs WHERE id = $1', [
        id,
      ]);
      return JSON.parse(row!.checkpoint) as { phase?: string; after_click?: number };
    };
    // The links are in, and the job waits on the clicks: its next write is their first part.
    await until('the links are in', async () => (await checkpoint()).phase === 'clicks');

    // The job's row held by the test: the job's next save (a part of clicks with its step) waits on it.
    await schema.query('BEGIN');
    await schema.query('SELECT id FROM import_jobs WHERE id = $1 FOR UPDATE', [id]);
    const [me] = await schema.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await clicksLock.unlock();
    clicksLocked = false;
    const waiting = 'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))';
    await until('the job waits on its row', async () => (await schema.query(waiting, [me!.pid])).length > 0);
    const ended = await schema.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM (${waiting}) waiting`,
      [me!.pid],
    );
    expect(ended.map((row) => row.ended)).toEqual([true]);
    await schema.query('COMMIT');

    const read = async () =>
      (
        await call<{ import: { state: string } }>(server, 'GET', `/api/imports?id=${id}`, {
          headers: adminHeaders(server.adminKey),
        })
      ).body.import;
    await until(
      'the job has met the error',
      async () => logs.lines.some((line) => line.includes(LOOP_FAILED)) || (await read()).state !== 'running',
    );
    const interrupted = await importWhen(server, id, () => true);
    expect(interrupted.state).toBe('running');
    expect(interrupted.errors.filter((problem) => problem.ref === '')).toEqual([]);
    expect(interrupted).toMatchObject({ links: IMPORTED.links, clicks: { seen: 0, imported: 0 } });
    expect(await checkpoint()).toMatchObject({ phase: 'clicks', after_click: 0 });

    // Its lease run out (at once here, rather than in a minute), the job resumes and ends whole.
    await schema.query('UPDATE import_jobs SET lease_until = 0 WHERE id = $1', [id]);
    const job = await importWhen(server, id);
    expect(job).toMatchObject({ state: 'done', ...IMPORTED });
    expect(await server.store.clicks.countAll()).toBe(IMPORTED.clicks.imported);
    expect(logs.lines.filter((line) => line.includes(LOOP_FAILED))).toHaveLength(1);
    expect(logs.lines.join('\n')).not.toContain('could not be read');
  });
});

describe('an import whose source fails it', () => {
  it('fails with the source named, whether opening it or reading it failed', async () => {
    const yourls = await createYourlsDatabase();
    cleanups.push(() => yourls.drop());
    await seedYourls(yourls);
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const lastProblem = async (url: string) => {
      const job = await importWhen(server, (await startImport(server, url)).body.import.id);
      expect(job.state).toBe('failed');
      return job.errors.at(-1)!;
    };

    const wrongPassword = new URL(await yourls.readerUrl('right'));
    wrongPassword.password = 'wrong';
    expect(await lastProblem(wrongPassword.toString())).toEqual({
      ref: '',
      message: expect.stringMatching(/^The source could not be read: Access denied for user /),
    });

    const dropper = await mysql.createConnection(yourls.url);
    await dropper.query('DROP TABLE yourls_log');
    await dropper.end();
    expect(await lastProblem(yourls.url)).toEqual({
      ref: '',
      message: expect.stringMatching(/^The source could not be read: Table '.*yourls_log' doesn't exist$/),
    });
  });
});
