/** The executor the repositories are written over behaves alike on both engines. */
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import { DELETED_MEANWHILE, ReferenceGone, UniqueViolation } from '../../../../redirector/storage/errors';
import type { Executor, RowShape } from '../../../../redirector/storage/executor';
import { createPostgresExecutor } from '../../../../redirector/storage/postgres/postgresExecutor';
import type { PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteExecutor } from '../../../../redirector/storage/sqlite/sqliteExecutor';
import type { SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { newClick, newLink, openForEachTest, STORE_KINDS } from './storeKinds';

interface Probe {
  id: number;
  name: string;
  flag: boolean;
  data: { tags: string[] } | null;
}

const PROBE_SHAPE: RowShape = { booleans: ['flag'], json: ['data'] };

const PROBE_TABLE = {
  sqlite: `CREATE TABLE probe (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
             flag INTEGER NOT NULL, data TEXT)`,
  postgres: `CREATE TABLE probe (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
               name TEXT NOT NULL CONSTRAINT probe_name_key UNIQUE, flag BOOLEAN NOT NULL, data JSONB)`,
};

const INSERT = 'INSERT INTO probe (name, flag, data) VALUES (?, ?, ?) RETURNING id, name, flag, data';

/** Lets other tasks (timers included) run while a transaction is open. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Opens a transaction that writes, waits a while and throws; resolves once it is open, with the
 * transaction's own promise (which rejects with "rolled back") in a box.
 */
async function openThenRollBack(db: Executor): Promise<{ failed: Promise<void> }> {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const failed = db.transaction(async (tx) => {
    await tx.run(INSERT, ['undone', true, null]);
    opened();
    await aWhile();
    throw new Error('rolled back');
  });
  failed.catch(() => undefined);
  await open;
  return { failed };
}

describe.each(STORE_KINDS)('executor ($kind)', (kind) => {
  let db: Executor;
  let store: Store;
  openForEachTest(kind, async (opened) => {
    store = opened;
    db =
      kind.kind === 'sqlite'
        ? createSqliteExecutor((store as SqliteStore).db)
        : createPostgresExecutor((store as PostgresStore).pool);
    await db.run(PROBE_TABLE[kind.kind]);
  });

  it('binds ? placeholders in order, returns inserted rows, and decodes booleans and JSON', async () => {
    const first = await db.get<Probe>(INSERT, ['a?', true, { tags: ['x', "it's"] }], PROBE_SHAPE);
    const second = await db.get<Probe>(INSERT, ['b', false, null], PROBE_SHAPE);
    expect(first).toEqual({ id: expect.any(Number), name: 'a?', flag: true, data: { tags: ['x', "it's"] } });
    expect(second).toEqual({ id: first!.id + 1, name: 'b', flag: false, data: null });
    // A ? inside a quoted string is text, not a placeholder.
    const rows = await db.all<Probe>(
      "SELECT id, name, flag, data FROM probe WHERE (name = ? OR name = 'b') AND flag = ? AND id >= ? ORDER BY id",
      ['a?', true, 0],
      PROBE_SHAPE,
    );
    expect(rows).toEqual([first]);
    expect(await db.get("SELECT 'what?' AS text")).toEqual({ text: 'what?' });
    expect(await db.get('SELECT id FROM probe WHERE name = ?', ['none'])).toBeUndefined();
  });

  it('answers how many rows a statement changed', async () => {
    await db.run('INSERT INTO probe (name, flag) VALUES (?, ?), (?, ?), (?, ?)', ['a', true, 'b', true, 'c', false]);
    expect(await db.run('UPDATE probe SET flag = ? WHERE flag = ?', [false, true])).toBe(2);
    expect(await db.run('DELETE FROM probe WHERE name = ?', ['none'])).toBe(0);
  });

  it('maps a unique violation to UniqueViolation for the columns the services know, else keeps it', async () => {
    const user = { name: 'Ada', email: 'ada@example.com', password_hash: 'h', created_at: 1 };
    const insertUser = 'INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?)';
    await db.run(insertUser, Object.values(user));
    const error = await db.run(insertUser, Object.values(user)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UniqueViolation);
    expect((error as UniqueViolation).column).toBe('email');

    await db.run(INSERT, ['a', true, null]);
    const other = await db.run(INSERT, ['a', true, null]).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Error);
    expect(other).not.toBeInstanceOf(UniqueViolation);
  });

  it('maps a foreign-key violation (a row deleted meanwhile) to ReferenceGone, a 404 to expose', async () => {
    const user = await db.get<{ id: number }>(
      'INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id',
      ['Gone', 'gone@example.com', 'h', 1],
    );
    await db.run('DELETE FROM users WHERE id = ?', [user!.id]);
    const error = await db
      .transaction((tx) =>
        tx.run('INSERT INTO api_keys (user_id, name, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?)', [
          user!.id,
          'k',
          'me_gone0',
          'hash',
          1,
        ]),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReferenceGone);
    expect(error).toMatchObject({ status: 404, expose: true, message: DELETED_MEANWHILE });
  });

  it('keeps every write of a transaction, or none when it throws', async () => {
    const kept = await db.transaction(async (tx) => {
      await tx.run(INSERT, ['a', true, null]);
      await tx.run(INSERT, ['b', true, null]);
      return 'done';
    });
    expect(kept).toBe('done');
    const failed = db.transaction(async (tx) => {
      await tx.run(INSERT, ['c', true, null]);
      await tx.run(INSERT, ['a', true, null]);
    });
    await expect(failed).rejects.toBeInstanceOf(Error);
    const names = await db.all<{ name: string }>('SELECT name FROM probe ORDER BY name');
    expect(names.map((row) => row.name)).toEqual(['a', 'b']);
  });

  it('runs concurrent transactions that await inside one after another, and commits both', async () => {
    const write = (names: string[]) =>
      db.transaction(async (tx) => {
        for (const name of names) {
          await tx.run(INSERT, [name, true, null]);
          await aWhile();
        }
        return (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM probe WHERE name IN (?, ?)', names))!.n;
      });
    // Each sees its own two rows and none of the other's half-done work.
    expect(await Promise.all([write(['a', 'b']), write(['c', 'd']), write(['e', 'f'])])).toEqual([2, 2, 2]);
    const names = await db.all<{ name: string }>('SELECT name FROM probe ORDER BY name');
    expect(names.map((row) => row.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it("keeps another task's statement issued while a transaction is open that then rolls back", async () => {
    const { failed } = await openThenRollBack(db);
    // Another task's write and read while the transaction is open: neither lands inside it.
    const other = db.run(INSERT, ['kept', true, null]);
    const seen = other.then(() => db.all<{ name: string }>('SELECT name FROM probe ORDER BY name'));
    await expect(failed).rejects.toThrow('rolled back');
    await other;
    expect((await seen).map((row) => row.name)).toEqual(['kept']);
    const names = await db.all<{ name: string }>('SELECT name FROM probe ORDER BY name');
    expect(names.map((row) => row.name)).toEqual(['kept']);
  });

  it("keeps clicks stored while another task's transaction is open that then rolls back", async () => {
    const link = await store.links.create(newLink());
    const { failed } = await openThenRollBack(db);
    const clicks = store.clicks.insertMany([newClick(link.id, 1), newClick(link.id, 2)]);
    await expect(failed).rejects.toThrow('rolled back');
    await clicks;
    const stored = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM clicks WHERE link_id = ?', [link.id]);
    expect(Number(stored!.n)).toBe(2);
  });

  it('stores many concurrent click messages for several webhooks (each a transaction)', async () => {
    const { webhooks, outbox } = store.events;
    const hooks = [];
    for (let i = 0; i < 5; i++) {
      const created = await webhooks.create(
        systemScope(),
        {
          url: `https://hooks.example/${i}`,
          events: ['link.clicked'],
          description: '',
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
          created_at: 1,
          click_cursor: 0,
        },
        10,
      );
      if (created === 'limit') throw new Error('limit');
      hooks.push(created);
    }
    const enqueues = [];
    for (let round = 1; round <= 20; round++) {
      for (const hook of hooks) {
        enqueues.push(
          outbox.enqueueClicks(
            {
              webhook_id: hook.id,
              message_id: `msg_${hook.id}_${round}`,
              type: 'link.clicked',
              body: '{}',
              created_at: round,
            },
            { after: round - 1, through: round },
          ),
        );
      }
    }
    const outcomes = await Promise.allSettled(enqueues);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const stored = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_messages');
    expect(Number(stored!.n)).toBe(100);
  });

  it('reads a snapshot', async () => {
    await db.run(INSERT, ['a', true, null]);
    const count = await db.snapshot(async (tx) => (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM probe'))!.n);
    expect(count).toBe(1);
  });
});
