import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpointer, startCheckpointer } from '../../../../../redirector/storage/sqlite/checkpointer';
import { openDatabase, type SqliteDatabase } from '../../../../../redirector/storage/sqlite/database';
import { makeTempDir } from '../../../../helpers/testServer';

let db: SqliteDatabase | undefined;
let checkpointer: Checkpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  db?.close();
  checkpointer = undefined;
  db = undefined;
});

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startCheckpointer', () => {
  it('copies committed pages into the database file from its worker, not the writer', async () => {
    const file = path.join(makeTempDir('me-checkpoint-'), 'me.sqlite');
    db = openDatabase(file, []);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    checkpointer = startCheckpointer(db, { intervalMs: 20, log: () => {} });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(16_000);
    const sizeBefore = fs.statSync(file).size;

    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(500));
    })();
    // Far below the writer's own mark (16,000 pages): only the worker can have copied them.
    await waitFor(() => fs.statSync(file).size > sizeBefore + 1_000_000, 'pages copied into the database file');
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(2000);

    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('does nothing for an in-memory database', async () => {
    db = openDatabase(':memory:', []);
    checkpointer = startCheckpointer(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
