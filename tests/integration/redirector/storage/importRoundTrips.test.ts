/**
 * A CSV import checks its rows in a bounded number of database round trips, on both stores
 * (docs/api.md#import-and-export): every statement the link service sends is counted by a
 * wrapper around the store's real executor. Checking each row's hosts and inserting each row in a
 * statement of its own made 10,000 rows tens of thousands of round trips (16.9 s on PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { userScope } from '../../../../redirector/auth/scope';
import { SELF_LINK } from '../../../../redirector/contract/linkOptions';
import { linkLimitMessage } from '../../../../redirector/contract/lists';
import { createLinkCache } from '../../../../redirector/links/linkCache';
import { importLinks } from '../../../../redirector/links/linkImport';
import { createLinkService, SHORT_CODE_TAKEN } from '../../../../redirector/links/linkService';
import type { Executor } from '../../../../redirector/storage/executor';
import { createPostgresExecutor } from '../../../../redirector/storage/postgres/postgresExecutor';
import type { PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { rollupLinkCounts } from '../../../../redirector/storage/repositories/linkCounts';
import { createLinkRepository } from '../../../../redirector/storage/repositories/linkRepository';
import { createUserRepository } from '../../../../redirector/storage/repositories/userRepository';
import { createSqliteExecutor } from '../../../../redirector/storage/sqlite/sqliteExecutor';
import type { SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { newLink, newUser, openForEachTest, STORE_KINDS } from './storeKinds';

const ROWS = 10_000;

/** The executor, counting every statement it (or a transaction it opens) runs. */
function counting(executor: Executor, statements: string[]): Executor {
  const noted = (sql: string) => {
    statements.push(sql);
    return sql;
  };
  return {
    engine: executor.engine,
    all: (sql, params, shape) => executor.all(noted(sql), params, shape),
    get: (sql, params, shape) => executor.get(noted(sql), params, shape),
    run: (sql, params) => executor.run(noted(sql), params),
    transaction: (work) => executor.transaction((tx) => work(counting(tx, statements))),
    snapshot: (work) => executor.snapshot((tx) => work(counting(tx, statements))),
  };
}

function executorOf(store: Store): Executor {
  return store.kind === 'sqlite'
    ? createSqliteExecutor((store as SqliteStore).db)
    : createPostgresExecutor((store as PostgresStore).pool);
}

/** The link service over `store`, its link and user queries counted into `statements`. */
function countedLinkService(store: Store, statements: string[], maxLinksPerUser: number) {
  const executor = counting(executorOf(store), statements);
  const counts = rollupLinkCounts(executor, () => undefined);
  const links = createLinkRepository(executor, counts);
  const counted: Store = { ...store, links, users: createUserRepository(executor, counts) };
  return createLinkService({
    store: counted,
    clock: () => 1_700_000_000_000,
    linkCache: createLinkCache(links),
    maxLinksPerUser,
    ownHost: 'me.example.com',
    publicUrl: 'https://me.example.com',
    verifiedDomainOf: async () => null,
  });
}

/** `ROWS` rows, each with its own code and its own host, some with tags and a click limit. */
function csvOfDistinctHosts(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const target = i === 4 ? 'https://go.example.net/loop' : `https://h${i}.example.org/`;
    const code = i === 6 ? 'taken' : `c${i}`;
    return `${code},${target},${i % 3 === 0 ? 'a|b' : ''},${i % 5 === 0 ? '10' : ''}`;
  });
  return Buffer.from(`short_code,target_url,tags,max_clicks\n${rows.join('\n')}\n`);
}

describe.each(STORE_KINDS)('CSV import round trips ($kind)', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  async function setUp() {
    const owner = await store.users.create(newUser());
    const other = await store.users.create(newUser({ email: 'other@example.com' }));
    // Only a verified domain is this service's own (docs/api.md#custom-domains).
    await store.domains.claim(userScope(other), 'go.example.net', 'token-0123456789abcdefghij', 1);
    await store.domains.record(
      { team_id: other.personal_team_id, domain: 'go.example.net' },
      {
        status: 'verified',
        checked_at: 2,
        verified_at: 2,
        error: null,
      },
    );
    await store.links.create(newLink({ short_code: 'taken' }));
    return owner;
  }

  it('checks and creates 10,000 rows with distinct hosts in a few dozen statements', async () => {
    const owner = await setUp();
    const statements: string[] = [];
    const links = countedLinkService(store, statements, 20_000);
    const result = await importLinks(links, userScope(owner), [csvOfDistinctHosts()]);
    expect(result).toEqual({
      created: ROWS - 2,
      failed: [
        { line: 6, short_code: 'c4', error: SELF_LINK },
        { line: 8, short_code: 'taken', error: SHORT_CODE_TAKEN },
      ],
    });
    // Codes and hosts: 10 queries each; the limit: 3; whether the owner has links elsewhere: 1; the links,
    // tags and click limits: 20 + 1 + 1; their audit entries, 500 a statement: 20.
    expect(statements.length).toBeLessThanOrEqual(70);
    const stored = await store.links.findByShortCode('c9999');
    expect(stored?.user_id).toBe(owner.id);
    expect((await store.links.tagsOf([stored!.id])).get(stored!.id)).toEqual(['a', 'b']);
    const limited = await store.links.findByShortCode('c5');
    expect([limited?.max_clicks, await store.links.countedClicks(limited!.id)]).toEqual([10, 0]);
  });

  it('refuses an import beyond the link limit before inserting anything', async () => {
    const owner = await setUp();
    const statements: string[] = [];
    const links = countedLinkService(store, statements, ROWS / 2);
    await expect(importLinks(links, userScope(owner), [csvOfDistinctHosts()])).rejects.toThrow(
      linkLimitMessage(ROWS / 2),
    );
    expect(statements.filter((sql) => /^\s*INSERT/i.test(sql))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(25);
    expect(await store.links.findByShortCode('c0')).toBeUndefined();
  });
});
