/**
 * One database per engine for the migration tests, migrated by the real runners (sqlite/database.ts,
 * postgres/migrate.ts), with what a schema comparison needs: the tables, their rows, and the schema
 * as both engines describe it (every table, column, index, constraint, trigger and function).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Migration } from '../../redirector/storage/migration';
import { createPool, type PgPool } from '../../redirector/storage/postgres/database';
import { migrate as migratePostgres } from '../../redirector/storage/postgres/migrate';
import { openDatabase, type SqliteDatabase } from '../../redirector/storage/sqlite/database';
import { createTestSchema, type TestSchema } from './postgres';
import { makeTempDir } from './testServer';

export type Row = Record<string, unknown>;

export interface MigrationHarness {
  /** Applies the pending versions of `migrations` as a start does, then closes the connection. */
  migrate(migrations?: readonly Migration[]): Promise<void>;
  /** Runs one statement; `?` marks each parameter on both engines. */
  run(sql: string, params?: unknown[]): Promise<void>;
  tables(): Promise<string[]>;
  rows(table: string): Promise<Row[]>;
  /** Tables, columns, indexes, constraints, triggers and functions, whitespace in SQL text folded. */
  schema(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

/** Whitespace runs as one space and none beside brackets, commas and semicolons. */
export function foldSql(sql: string | null): string | null {
  return sql === null
    ? null
    : sql
        .replace(/\s+/g, ' ')
        .replace(/ ?([(),;]) ?/g, '$1')
        .trim();
}

export function sqliteHarness(): MigrationHarness {
  const file = path.join(makeTempDir('me-migrations-'), 'me.sqlite');
  let db: SqliteDatabase = new Database(file);
  db.pragma('foreign_keys = ON');
  const all = (sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as Row[];
  return {
    async migrate(migrations) {
      db.close();
      openDatabase(file, migrations).close();
      db = new Database(file);
      db.pragma('foreign_keys = ON');
    },
    async run(sql, params = []) {
      db.prepare(sql).run(...params);
    },
    async tables() {
      return all("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map((row) => String(row.name));
    },
    async rows(table) {
      return all(`SELECT * FROM "${table}"`);
    },
    async schema() {
      const objects = all("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name <> 'sqlite_sequence'");
      const tables = objects.filter((row) => row.type === 'table').map((row) => String(row.name));
      const per = (pragma: string) =>
        tables.flatMap((table) => all(`SELECT '${table}' AS tbl, * FROM pragma_${pragma}('${table}')`));
      // An index's seq is its place in creation order, which an upgrade need not follow.
      const indexes = per('index_list').map(({ seq: _seq, ...index }) => index);
      const described: Record<string, Row[]> = {
        objects: objects.map((row) => ({ ...row, sql: foldSql(row.sql as string | null) })),
        columns: per('table_xinfo'),
        indexes,
        indexColumns: indexes.flatMap((index) =>
          all(`SELECT '${index.name}' AS idx, * FROM pragma_index_xinfo('${index.name}')`),
        ),
        foreignKeys: per('foreign_key_list'),
      };
      return Object.fromEntries(Object.entries(described).map(([part, rows]) => [part, sortRows(rows)]));
    },
    async close() {
      db.close();
    },
  };
}

const POSTGRES_SCHEMA_QUERIES: Record<string, string> = {
  relations: `SELECT c.relname, c.relkind FROM pg_class c WHERE c.relnamespace = $1::regnamespace`,
  columns: `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default,
      is_identity, identity_generation FROM information_schema.columns WHERE table_schema = $1`,
  constraints: `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = $1::regnamespace`,
  indexes: 'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1',
  triggers: `SELECT tgrelid::regclass::text AS tbl, tgname, pg_get_triggerdef(t.oid) AS def, tgenabled
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = $1::regnamespace`,
  functions: `SELECT proname, pg_get_function_identity_arguments(oid) AS args, pg_get_function_result(oid) AS result,
      prosrc, provolatile, prosecdef, proconfig::text AS config FROM pg_proc WHERE pronamespace = $1::regnamespace`,
};

/** Rows in an order that does not depend on the order they were made in. */
export function sortRows(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every row's text folded, with the schema's own name taken out. */
function stable(rows: Row[], schema: string): Row[] {
  const named = new RegExp(`\\b${schema}\\.`, 'g');
  const fold = (value: unknown) => (typeof value === 'string' ? foldSql(value.replace(named, '')) : value);
  return sortRows(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, fold(value)]))));
}

export async function postgresHarness(): Promise<MigrationHarness> {
  const schema: TestSchema = await createTestSchema();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    async migrate(migrations) {
      const pool: PgPool = createPool(schema.url, () => undefined);
      try {
        await migratePostgres(pool, migrations);
      } finally {
        await pool.end();
      }
    },
    async run(sql, params = []) {
      await schema.query(numbered(sql), params);
    },
    async tables() {
      const rows = await schema.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1",
        [schema.schema],
      );
      return rows.map((row) => row.name);
    },
    async rows(table) {
      return schema.query(`SELECT * FROM "${table}"`);
    },
    async schema() {
      const described: Record<string, unknown[]> = {};
      for (const [part, sql] of Object.entries(POSTGRES_SCHEMA_QUERIES)) {
        described[part] = stable(await schema.query(sql, [schema.schema]), schema.schema);
      }
      return described;
    },
    close: () => schema.drop(),
  };
}
