/**
 * docs/api.md#migrations: a database created by the current code and one upgraded from every
 * earlier schema end with the same tables, columns, indexes, constraints, triggers and functions,
 * on both engines, and an upgrade keeps every row. "Every earlier schema" is each prefix 1..k of
 * today's migrations, and the migrations as some real releases had them
 * (tests/fixtures/migrations/<engine>-<commit>.json, rendered from those commits' migrations.ts),
 * chosen where a migration's text was later changed in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../../../redirector/storage/migration';
import { postgresMigrations } from '../../../../redirector/storage/migrations/postgres';
import { sqliteMigrations } from '../../../../redirector/storage/migrations/sqlite';
import { closedAfterEach } from '../../../helpers/closedAfterEach';
import {
  type MigrationHarness,
  postgresHarness,
  type Row,
  sortRows,
  sqliteHarness,
} from '../../../helpers/migrationHarness';
import { repoRoot } from '../../../helpers/sourceScan';

type EngineName = 'sqlite' | 'postgres';

const engines: [EngineName, readonly Migration[], () => Promise<MigrationHarness>][] = [
  ['sqlite', sqliteMigrations, async () => sqliteHarness()],
  ['postgres', postgresMigrations, postgresHarness],
];

interface Release {
  engine: EngineName;
  commit: string;
  subject: string;
  migrations: Migration[];
}

const fixtures = path.join(repoRoot, 'tests/fixtures/migrations');
const releases: Release[] = fs
  .readdirSync(fixtures)
  .map((file) => JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8')) as Release);

/** Rows in every table that exists, with the columns its first version had. */
async function seed(db: MigrationHarness, tag: string): Promise<void> {
  const tables = new Set(await db.tables());
  for (const n of [1, 2]) {
    const user = `(SELECT MAX(id) FROM users)`;
    const link = `(SELECT MAX(id) FROM links)`;
    await db.run('INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [
      `User ${n}`,
      `${tag}-${n}@example.com`,
      'hash',
      1_700_000_000_000 + n,
    ]);
    await db.run(`INSERT INTO sessions (token_hash, kind, user_id, expires_at) VALUES (?, 'user', ${user}, ?)`, [
      `${tag}-session-${n}`,
      1_800_000_000_000,
    ]);
    await db.run(
      `INSERT INTO links (user_id, title, target_url, short_code, created_at) VALUES (${user}, ?, ?, ?, ?)`,
      [`Link ${n}`, `https://example.com/${n}`, `${tag}-${n}`, 1_700_000_000_000 + n],
    );
    for (const [i, device] of ['ios', 'android', 'web'].entries()) {
      await db.run(
        `INSERT INTO clicks (link_id, clicked_at, ip_address, country, device_type, user_agent) VALUES (${link}, ?, ?, ?, ?, ?)`,
        [1_700_000_100_000 + i * 86_400_000, `10.0.0.${i}`, 'FR', device, 'Mozilla/5.0'],
      );
    }
    if (tables.has('link_tags')) await db.run(`INSERT INTO link_tags (link_id, tag) VALUES (${link}, ?)`, ['news']);
    if (tables.has('api_keys')) {
      await db.run(`INSERT INTO api_keys (user_id, name, prefix, key_hash, created_at) VALUES (${user}, ?, ?, ?, ?)`, [
        'key',
        'me_ab',
        `${tag}-key-${n}`,
        1_700_000_000_000,
      ]);
    }
    if (tables.has('webhooks')) {
      await db.run(`INSERT INTO webhooks (user_id, url, events, secret, created_at) VALUES (${user}, ?, ?, ?, ?)`, [
        'https://example.com/hook',
        '["link.created"]',
        'whsec_x',
        1_700_000_000_000,
      ]);
    }
    if (tables.has('hubs')) {
      // Since teams, a hub is saved with its team (the user's personal team), as the service does.
      const team = tables.has('teams') ? `(SELECT id FROM teams WHERE personal_user_id = ${user})` : undefined;
      await db.run(
        `INSERT INTO hubs (user_id, handle, title, accent, created_at, updated_at${team ? ', team_id' : ''})
         VALUES (${user}, ?, ?, ?, ?, ?${team ? `, ${team}` : ''})`,
        [`${tag}-${n}`.toLowerCase(), 'Hub', '#336699', 1_700_000_000_000, 1_700_000_000_000],
      );
    }
  }
  const users = await db.rows('users');
  if ('domain_status' in (users[0] ?? {})) {
    // A verified custom domain of the first user (docs/api.md#custom-domains), moved to their team later.
    await db.run(
      `UPDATE users SET custom_domain = ?, domain_status = 'verified', domain_token = 'token'
       WHERE id = (SELECT MIN(id) FROM users)`,
      [`go.${tag}.example`.toLowerCase()],
    );
  }
  // The administrator's own link: no team before or after.
  await db.run('INSERT INTO links (user_id, title, target_url, short_code, created_at) VALUES (NULL, ?, ?, ?, ?)', [
    'Admin',
    'https://example.com/admin',
    `${tag}-admin`,
    1_700_000_000_000,
  ]);
  if (tables.has('shared_secrets')) await db.run('INSERT INTO shared_secrets (name, value) VALUES (?, ?)', ['k', 'v']);
}

const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * docs/api.md#teams: after the upgrade every user has one personal team (no slug, named after them)
 * that they own, and each thing they owned (links, keys, webhooks, the hub) is in it; links name
 * their user as maker and last editor, keys are `write` keys; the administrator's links stay in
 * no team.
 */
async function expectMovedIntoPersonalTeams(db: MigrationHarness, before: Map<string, Row[]>): Promise<void> {
  const users = await db.rows('users');
  const teams = await db.rows('teams');
  const members = await db.rows('team_members');
  const teamOf = new Map<number | null, number>();
  for (const user of users) {
    const personal = teams.filter((team) => id(team.personal_user_id) === id(user.id));
    expect(personal).toHaveLength(1);
    expect(personal[0]).toMatchObject({ name: user.name, slug: null });
    const team = id(personal[0]?.id) as number;
    teamOf.set(id(user.id), team);
    expect(
      members.filter((member) => id(member.team_id) === team).map((member) => [id(member.user_id), member.role]),
    ).toEqual([[id(user.id), 'owner']]);
  }
  const tables = new Set(await db.tables());
  for (const table of ['links', 'api_keys', 'webhooks', 'hubs'].filter((name) => tables.has(name))) {
    const rows = await db.rows(table);
    expect([table, rows.length]).toEqual([table, before.get(table)?.length ?? 0]);
    for (const row of rows) {
      const owner = id(row.user_id);
      expect([table, id(row.team_id)]).toEqual([table, owner === null ? null : teamOf.get(owner)]);
      if (table === 'links') expect([id(row.created_by), id(row.updated_by)]).toEqual([owner, owner]);
      if (table === 'api_keys') expect(row.scope).toBe('write');
    }
  }
}

/**
 * docs/api.md#domains-and-hubs-of-a-team: after the upgrade a user's claimed domain, its state and
 * its settings are their personal team's, and every hub is keyed by its team.
 */
async function expectDomainsInPersonalTeams(db: MigrationHarness): Promise<void> {
  const teams = await db.rows('teams');
  const claimed = (await db.rows('users')).filter((user) => user.custom_domain !== null);
  for (const user of claimed) {
    const team = teams.find((row) => id(row.personal_user_id) === id(user.id));
    expect(team).toMatchObject({
      custom_domain: user.custom_domain,
      verified_domain: user.verified_domain,
      domain_status: user.domain_status,
      domain_token: user.domain_token,
    });
  }
  const withDomain = teams.filter((team) => team.custom_domain !== null);
  expect(withDomain).toHaveLength(claimed.length);
  for (const hub of await db.rows('hubs')) {
    expect(id(teams.find((team) => id(team.id) === id(hub.team_id))?.personal_user_id)).toBe(id(hub.user_id));
  }
}

async function allRows(db: MigrationHarness): Promise<Map<string, Row[]>> {
  const tables = (await db.tables()).filter((table) => table !== 'schema_migrations');
  return new Map(await Promise.all(tables.map(async (table) => [table, await db.rows(table)] as const)));
}

/** Every row of `before`, in the columns it had then, is still in `after`. */
function lostRows(before: Map<string, Row[]>, after: Map<string, Row[]>): string[] {
  const lost: string[] = [];
  for (const [table, rows] of before) {
    const now = after.get(table);
    if (!now) {
      if (rows.length > 0) lost.push(`${table}: dropped with ${rows.length} rows`);
      continue;
    }
    const columns = Object.keys(rows[0] ?? {});
    const kept = now.map((row) => JSON.stringify(Object.fromEntries(columns.map((column) => [column, row[column]]))));
    const missing = sortRows(rows).filter((row) => !kept.includes(JSON.stringify(row)));
    if (missing.length > 0) lost.push(`${table}: ${missing.length} of ${rows.length} rows lost`);
  }
  return lost;
}

describe.each(engines)('%s migrations', (engine, migrations, open) => {
  const keep = closedAfterEach();
  const harness = async () => keep(await open(), (db) => db.close());

  async function freshSchema() {
    const fresh = await harness();
    await fresh.migrate(migrations);
    return fresh.schema();
  }

  /** Upgrades `db` (at some earlier schema, seeded) and checks it against a fresh database. */
  async function expectUpgradeLikeFresh(db: MigrationHarness, fresh: Record<string, unknown[]>) {
    const before = await allRows(db);
    await db.migrate(migrations);
    expect(lostRows(before, await allRows(db))).toEqual([]);
    expect(await db.schema()).toEqual(fresh);
    if (!before.has('teams')) await expectMovedIntoPersonalTeams(db, before);
    if (!('custom_domain' in ((before.get('teams') ?? [])[0] ?? {}))) await expectDomainsInPersonalTeams(db);
  }

  it('upgraded step by step from every earlier version, equal a fresh database and keep every row', async () => {
    const fresh = await freshSchema();
    const steps = Array.from({ length: migrations.length - 1 }, (_, index) => index + 1);
    // PostgreSQL spends the time waiting on its own server: a few schemas upgrade side by side, each
    // in a schema of its own. SQLite's work is this process's, so one at a time.
    const lanes = engine === 'postgres' ? 3 : 1;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let k = steps.shift(); k !== undefined; k = steps.shift()) {
          // Each closed before the lane opens its next.
          const db = await open();
          try {
            await db.migrate(migrations.slice(0, k));
            await seed(db, `k${k}`);
            await expectUpgradeLikeFresh(db, fresh);
          } finally {
            await db.close();
          }
        }
      }),
    );
  }, 300_000);

  for (const release of releases.filter((candidate) => candidate.engine === engine)) {
    it(`upgraded from the schema of release ${release.commit}, equal a fresh database`, async () => {
      const fresh = await freshSchema();
      const db = await harness();
      await db.migrate(release.migrations);
      await seed(db, release.commit);
      await expectUpgradeLikeFresh(db, fresh);
    }, 60_000);
  }
});
