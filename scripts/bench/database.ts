/** The bench's database work, through the product's own store (so the schema is always current). */
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { userScope } from '../../redirector/auth/scope';
import { SQLITE_FILE } from '../../redirector/storage/openStore';
import { describeUrl } from '../../redirector/storage/postgres/database';
import { createPostgresStore } from '../../redirector/storage/postgres/postgresStore';
import { pendingClicks } from '../../redirector/storage/sqlite/analytics/rollups';
import { createSqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../redirector/storage/store';
import type { BenchLink } from './traffic';

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE);
}

/** Where the product keeps its data: dataDir's SQLite file, or a PostgreSQL database when given. */
export interface BenchData {
  dataDir: string;
  databaseUrl?: string;
}

function openStore(data: BenchData): Promise<Store> {
  return data.databaseUrl
    ? createPostgresStore(data.databaseUrl)
    : Promise.resolve(createSqliteStore(databaseFile(data.dataDir)));
}

/** Creates the links (admin-owned) in a fresh database. */
export async function createLinks(data: BenchData, links: readonly BenchLink[], now = Date.now()): Promise<void> {
  const store = await openStore(data);
  try {
    for (const [i, link] of links.entries()) {
      await store.links.create({ ...link, user_id: null, created_at: now - (links.length - i) * 60_000 });
    }
  } finally {
    await store.close();
  }
}

/** The verified custom domain the bench's second set of links lives on (docs/api.md#custom-domains). */
export const BENCH_DOMAIN = 'go.bench.example';

/**
 * The same links again, owned by a user whose verified custom domain they live on: the redirects
 * measured on that host route through the custom domain's code space.
 */
export async function createDomainLinks(data: BenchData, links: readonly BenchLink[], now = Date.now()): Promise<void> {
  const store = await openStore(data);
  try {
    const user = await store.users.create({
      name: 'Bench Domain',
      email: 'bench-domain@example.com',
      password_hash: 'not-a-password',
      created_at: now,
    });
    await store.domains.claim(userScope(user), BENCH_DOMAIN, 'bench-token-0123456789ab', now);
    await store.domains.record(
      { team_id: user.personal_team_id, domain: BENCH_DOMAIN },
      {
        status: 'verified',
        checked_at: now,
        verified_at: now,
        error: null,
      },
    );
    for (const [i, link] of links.entries()) {
      await store.links.create({
        ...link,
        user_id: user.id,
        domain: BENCH_DOMAIN,
        created_at: now - (links.length - i) * 60_000,
      });
    }
  } finally {
    await store.close();
  }
}

/**
 * Stored clicks, bots included, that the server on dataDir's SQLite file has not yet folded into its
 * analytics, by the fold's own count (rollups.ts pendingClicks). Read while the server runs, on a
 * read-only connection of its own closed at once: it commits nothing the server would see as an
 * outside write, and in WAL mode a reader never holds up the server's writes.
 */
export function unfoldedClicks(dataDir: string): number {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    return pendingClicks(db)();
  } finally {
    db.close();
  }
}

/** Every stored click, bots included (the server must be stopped first). */
export async function countStoredClicks(data: BenchData): Promise<number> {
  const store = await openStore(data);
  try {
    return await store.clicks.countAll();
  } finally {
    await store.close();
  }
}

/** The bench's own schemas on PostgreSQL: one for the redirects, one for the seeded analytics. */
export interface BenchSchema {
  redirectUrl: string;
  analyticsUrl: string;
  drop(): Promise<void>;
}

export async function createBenchSchema(log: (message: string) => void): Promise<BenchSchema> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  await client.connect();
  const stamp = `${Math.floor(Date.now() / 1000)}_${crypto.randomBytes(3).toString('hex')}`;
  const names = [`me_bench_${stamp}_redirect`, `me_bench_${stamp}_analytics`];
  for (const name of names) await client.query(`CREATE SCHEMA ${name}`);
  log(`PostgreSQL: ${describeUrl(base)}, schemas ${names.join(' and ')} (dropped at the end)`);
  const withSchema = (name: string) => {
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${name}`);
    return url.toString();
  };
  return {
    redirectUrl: withSchema(names[0]!),
    analyticsUrl: withSchema(names[1]!),
    async drop() {
      try {
        for (const name of names) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
