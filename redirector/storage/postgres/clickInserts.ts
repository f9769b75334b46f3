/**
 * The redirect path's write: a batch of clicks (one JSON parameter), their ids queued for the analytics fold
 * (rollups.ts), and its mark when given (migration 17), in one prepared statement: one round trip
 * and one commit per batch.
 */

import pg from 'pg';
import type { NewClick } from '../records';
import { NEW_CLICK_COLUMNS } from '../repositories/columns';
import type { ClickRepository } from '../store';
import { isForeignKeyViolation, type PgPool } from './database';

const INSERTED_COLUMNS = [...NEW_CLICK_COLUMNS, 'visitor'] as const;

/** The type each column of a stored click is read as from the batch's JSON. */
const COLUMN_TYPES: Record<(typeof INSERTED_COLUMNS)[number], string> = {
  link_id: 'bigint',
  clicked_at: 'bigint',
  ip_address: 'text',
  country: 'text',
  city: 'text',
  device_type: 'text',
  device_info: 'text',
  browser: 'text',
  browser_version: 'text',
  os: 'text',
  os_version: 'text',
  referrer_source: 'text',
  instagram_exit: 'boolean',
  blocked: 'boolean',
  is_bot: 'boolean',
  user_agent: 'text',
  variant: 'smallint',
  imported: 'boolean',
  rule: 'smallint',
  visitor: 'text',
};

const names = INSERTED_COLUMNS.join(', ');
const defined = INSERTED_COLUMNS.map((name) => `${name} ${COLUMN_TYPES[name]}`).join(', ');
// A field a click leaves out (a redirect's click has no `imported`) is absent from its JSON object,
// so NULL; `imported` is then false.
const selected = INSERTED_COLUMNS.map((name) => (name === 'imported' ? 'COALESCE(imported, false)' : name)).join(', ');
const MARK = 1;

/**
 * The batch as ONE json parameter, its clicks' objects read by json_to_recordset, in the batch's
 * order. One text parameter instead of an array per column: the driver encoded 20 text arrays
 * element by element (escaping each string, in JavaScript) on every batch, where JSON.stringify is
 * native (docs/performance.md, "The click batch as one JSON parameter"). `condition` may hold the
 * batch back.
 */
function insertSql(condition: string): string {
  // A click whose link was deleted after the redirect looked it up is left out: a deleted link's
  // clicks go with it. OFFSET 0 keeps the EXISTS a probe of the links' key per click: without it
  // the planner, which counts 100 rows for json_to_recordset, made it a hash join over a links table
  // of up to some 15,000 rows, reading every link for each batch (docs/performance.md, "The click
  // batch's statement, cost by part").
  return `
    INSERT INTO clicks (${names})
    SELECT ${selected}
    FROM ROWS FROM (json_to_recordset($1::json) AS (${defined})) WITH ORDINALITY AS t(${names}, position)
    WHERE EXISTS (SELECT 1 FROM links l WHERE l.id = t.link_id OFFSET 0)${condition}
    ORDER BY position
    RETURNING id`;
}

const INSERT_SQL = `
  WITH inserted AS (${insertSql('')})
  INSERT INTO clicks_unfolded (id) SELECT id FROM inserted`;

/**
 * The same, setting a mark in the same statement, and nothing inserted when a mark named in
 * skipWhen already holds its value (storage/clickSpool.ts says why).
 */
const MARKED_INSERT_SQL = `
  WITH stored AS (
    SELECT 1 FROM click_marks m
    JOIN UNNEST($${MARK + 3}::text[], $${MARK + 4}::bigint[]) AS s(name, value) ON m.name = s.name AND m.value >= s.value
  ), mark AS (
    INSERT INTO click_marks (name, value) VALUES ($${MARK + 1}, $${MARK + 2})
    ON CONFLICT (name) DO UPDATE SET value = GREATEST(click_marks.value, EXCLUDED.value)
  ), inserted AS (${insertSql(' AND NOT EXISTS (SELECT 1 FROM stored)')})
  INSERT INTO clicks_unfolded (id) SELECT id FROM inserted`;

/** Prepared once per connection by these names. */
const INSERT_NAME = 'me_insert_clicks';
const MARKED_INSERT_NAME = 'me_insert_marked_clicks';

/**
 * Runs the prepared statement `name` on one of the pool's connections; resolves once it committed.
 * The statement goes as a pg Query made from its text and values, its name set after: handed a
 * config object ({name, text, values}) instead, the driver copies it through its property
 * descriptors on every call (pg's cloneQueryConfig), which cost half as much of the batch's
 * JavaScript as the Bind message's encoding of the JSON (docs/performance.md, "Me's own CPU on
 * PostgreSQL").
 * pg-pool answers a Query with a promise of its result, as it does a config; its types say the
 * Query itself, hence the cast (a pg.Client would answer the Query: so a pool only).
 */
function runPrepared(db: PgPool, name: string, text: string, values: unknown[]): Promise<unknown> {
  const query = Object.assign(new pg.Query(text, values), { name });
  return db.query(query) as unknown as Promise<unknown>;
}

export function postgresClickInserts(db: PgPool): ClickRepository['insertMany'] {
  return async (clicks, mark) => {
    if (clicks.length === 0 && mark === undefined) return;
    const values: unknown[] = [clicksJson(clicks)];
    if (mark !== undefined) {
      const skipWhen = mark.skipWhen ?? [];
      values.push(
        mark.set.name,
        mark.set.value,
        skipWhen.map((entry) => entry.name),
        skipWhen.map((entry) => entry.value),
      );
    }
    const [name, text] = mark ? [MARKED_INSERT_NAME, MARKED_INSERT_SQL] : [INSERT_NAME, INSERT_SQL];
    try {
      await runPrepared(db, name, text, values);
    } catch (error) {
      // The link was deleted between the EXISTS check and the insert: once more, without it.
      if (!isForeignKeyViolation(error)) throw error;
      await runPrepared(db, name, text, values);
    }
  };
}

/** A lone surrogate as JSON.stringify escapes it: PostgreSQL's json refuses it. */
const LONE_SURROGATE = /\\ud[89a-f]/;

/**
 * The clicks as a JSON array of their objects. JSON.stringify writes a lone surrogate (a string cut
 * in the middle of a character) as an escape PostgreSQL's json rejects, where the driver's text
 * encoding wrote U+FFFD: such a batch is written again with every string made well-formed. The
 * regular expression runs only on a batch holding `\ud` at all: scanning every batch's text with it
 * cost 10–15 % of the stringify itself (docs/performance.md, "Me's own CPU on PostgreSQL").
 */
export function clicksJson(clicks: readonly NewClick[]): string {
  const json = JSON.stringify(clicks);
  return json.includes('\\ud') && LONE_SURROGATE.test(json) ? JSON.stringify(clicks, wellFormed) : json;
}

const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(UNPAIRED, '\uFFFD') : value;
}
