/**
 * `me backup` while the service takes a stream of redirects: the copy passes integrity_check and
 * holds every click stored before the backup started; mode 600; no overwrite without --force.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { runCli } from '../../../helpers/cliProcess';
import { startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { adminCall, type CliServer, redirectStatus } from './cliServers';

let server: CliServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = makeTempDir('me-cli-backup-');
  const file = path.join(dataDir, 'me.sqlite');
  await createSqliteStore(file).close();
  // About 48 MiB of filler, so that the backup is large enough to report progress.
  const db = new Database(file);
  db.exec('CREATE TABLE filler (b BLOB)');
  const insert = db.prepare('INSERT INTO filler (b) VALUES (zeroblob(1048576))');
  db.transaction(() => {
    for (let i = 0; i < 48; i += 1) insert.run();
  })();
  db.close();
  const started = await startServerProcess({ dataDir });
  server = { ...started, cliEnv: { DATA_DIR: dataDir }, close: async () => void (await started.stop()) };
  expect(
    (await adminCall(server, 'POST', '/api/links', { target_url: 'https://example.com/', short_code: 'busy' })).status,
  ).toBe(201);
});

afterAll(async () => {
  await server?.close();
});

function clickIds(file: string): { ids: Set<number>; max: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const ids = db.prepare('SELECT id FROM clicks').pluck().all() as number[];
    return { ids: new Set(ids), max: Math.max(0, ...ids) };
  } finally {
    db.close();
  }
}

describe('me backup', () => {
  it('copies a consistent database under a stream of redirects, mode 600, with progress', async () => {
    let streaming = true;
    let redirects = 0;
    const stream = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (streaming) {
          expect(await redirectStatus(server, 'busy')).toBe(302);
          redirects += 1;
        }
      }),
    );
    try {
      while (clickIds(path.join(dataDir, 'me.sqlite')).ids.size < 50) await new Promise((r) => setTimeout(r, 20));
      const before = clickIds(path.join(dataDir, 'me.sqlite'));
      const copy = path.join(makeTempDir('me-cli-copy-'), 'me-backup.sqlite');
      const run = await runCli(['backup', copy], { DATA_DIR: dataDir });
      expect(run.stderr).toMatch(/^me: backup 0 % \(0 of \d+ pages\)\n(me: backup \d+ % .*\n)+$/);
      expect([run.code, run.stdout]).toEqual([
        0,
        expect.stringMatching(/^me: backed up .* to .*me-backup\.sqlite \(4\d\.\d MiB, [\d.]+ s\)\n$/),
      ]);
      const redirectsAtEnd = redirects;

      expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(copy))).toEqual(['me-backup.sqlite']);
      const db = new Database(copy, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      } finally {
        db.close();
      }
      const copied = clickIds(copy);
      for (const id of before.ids) expect(copied.ids.has(id)).toBe(true);
      expect(redirectsAtEnd).toBeGreaterThan(0);

      const again = await runCli(['backup', copy], { DATA_DIR: dataDir });
      expect([again.code, again.stderr]).toEqual([1, `me: "${copy}" exists (add --force to replace it)\n`]);
      const forced = await runCli(['backup', '--force', copy], { DATA_DIR: dataDir });
      expect(forced.code).toBe(0);
      expect(clickIds(copy).max).toBeGreaterThan(copied.max);
      expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    } finally {
      streaming = false;
      await stream;
    }
  });

  it('refuses to write over the database itself or into a folder that does not exist', async () => {
    const self = await runCli(['backup', '--force', path.join(dataDir, 'me.sqlite')], { DATA_DIR: dataDir });
    expect([self.code, self.stderr]).toEqual([
      1,
      `me: "${path.join(dataDir, 'me.sqlite')}" is the database itself: choose another file\n`,
    ]);
    const nowhere = path.join(dataDir, 'no-such-folder', 'b.sqlite');
    const run = await runCli(['backup', nowhere], { DATA_DIR: dataDir });
    expect([run.code, run.stderr]).toEqual([
      1,
      `me: cannot write "${nowhere}": ${path.dirname(nowhere)} is not a directory\n`,
    ]);
  });
});
