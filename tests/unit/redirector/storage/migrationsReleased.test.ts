/**
 * Released migrations stay as they shipped (docs/api.md#migrations): released.json records each
 * version's name and the sha256 of its SQL, and a migration whose text changed after release fails
 * here. A new migration is added to released.json in the commit that adds it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../../../redirector/storage/migration';
import { postgresMigrations } from '../../../../redirector/storage/migrations/postgres';
import released from '../../../../redirector/storage/migrations/released.json';
import { sqliteMigrations } from '../../../../redirector/storage/migrations/sqlite';
import { repoRoot } from '../../../helpers/sourceScan';

interface ReleasedEntry {
  version: number;
  name: string;
  sha256: string;
}

const engines: [keyof typeof released, readonly Migration[]][] = [
  ['sqlite', sqliteMigrations],
  ['postgres', postgresMigrations],
];

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** What differs between the released record and the migrations as they are, one line each. */
function releasedChanges(record: readonly ReleasedEntry[], migrations: readonly Migration[]): string[] {
  const changes: string[] = [];
  for (const entry of record) {
    const migration = migrations.find((candidate) => candidate.version === entry.version);
    if (!migration) changes.push(`${entry.version}: released, now missing`);
    else if (migration.name !== entry.name) changes.push(`${entry.version}: renamed to '${migration.name}'`);
    else if (sha256(migration.sql) !== entry.sha256) changes.push(`${entry.version}: its SQL was edited`);
  }
  for (const migration of migrations) {
    if (!record.some((entry) => entry.version === migration.version)) {
      changes.push(`${migration.version}: not in released.json (add its name and sha256)`);
    }
  }
  return changes;
}

describe.each(engines)('%s migrations', (engine, migrations) => {
  it('are numbered 1, 2, ... in order', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('each match the text they were released with', () => {
    expect(releasedChanges(released[engine], migrations)).toEqual([]);
  });

  it('each live in NNN-name.ts, NNN its version', () => {
    const folder = path.join(repoRoot, 'redirector/storage/migrations', engine);
    const files = fs.readdirSync(folder).filter((file) => file !== 'index.ts');
    expect(files.map((file) => Number(file.slice(0, 3)))).toEqual(migrations.map((migration) => migration.version));
    for (const file of files) expect(file).toMatch(/^\d{3}-[a-z0-9-]+\.ts$/);
  });
});

describe('the released record', () => {
  const [first] = sqliteMigrations;
  const record = released.sqlite;

  it('sees an edited SQL, a rename, a removal and an unrecorded migration', () => {
    if (!first) throw new Error('no migrations');
    const edited = { ...first, sql: `${first.sql} ` };
    expect(releasedChanges(record, [edited, ...sqliteMigrations.slice(1)])).toEqual(['1: its SQL was edited']);
    const renamed = { ...first, name: 'users' };
    expect(releasedChanges(record, [renamed, ...sqliteMigrations.slice(1)])).toEqual(["1: renamed to 'users'"]);
    expect(releasedChanges(record, sqliteMigrations.slice(1))).toEqual(['1: released, now missing']);
    const added = { version: sqliteMigrations.length + 1, name: 'next', sql: 'SELECT 1' };
    expect(releasedChanges(record, [...sqliteMigrations, added])).toEqual([
      `${added.version}: not in released.json (add its name and sha256)`,
    ]);
  });
});
