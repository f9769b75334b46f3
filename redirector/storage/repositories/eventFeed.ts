/**
 * What webhooks and the live stream read (docs/api.md#webhooks, docs/api.md#live-stream): stored
 * non-bot clicks after a click id (imported ones never: docs/api.md#imports), with their link's short code and owner, in click order; and the
 * stream's single-use tickets. The stored clicks are the click events' outbox: reading them here
 * costs the redirect path nothing.
 */
import type { Scope } from '../../auth/scope';
import type { Executor, SqlParam } from '../executor';
import type { FeedClick, FeedQuery } from './feedClick';
import { createRecentClicks, type RecentClicks } from './recentClicks';
import { reachedBy, teamValue } from './scopeFilter';

export type { FeedClick, FeedQuery } from './feedClick';

export interface TicketHolder {
  /** null: the administrator. */
  user_id: number | null;
  /**
   * The credential that asked for the ticket (http/streamCredentials.ts): `session:` or `api-key:`
   * and its stored hash, or `admin-key`; null for a ticket older than this column (refused).
   */
  credential: string | null;
  /**
   * The team the ticket was asked for (`X-Team`, docs/api.md#live-stream); null: the
   * administrator's own, or a ticket older than this column (its user's personal team).
   */
  team_id: number | null;
}

export interface EventFeed {
  clicksAfter(query: FeedQuery): Promise<FeedClick[]>;
  /** The non-bot clicks among these ids, in click order (the stream's second look at a gap). */
  clicksWithIds(ids: readonly number[]): Promise<FeedClick[]>;
  /** The highest click id stored, 0 when none. */
  lastClickId(): Promise<number>;
  /**
   * SQLite's window of recent clicks only (recentClicks.ts onAdvance): `listener` is called each time
   * the clicks stored have moved on by `every` ids; the returned function stops the calls.
   */
  onAdvance?(every: number, listener: () => void): () => void;
  /**
   * A ticket for the scope's owner (the administrator's: no owner); `credential`: the one that asked for the
   * ticket (TicketHolder.credential).
   */
  saveTicket(ticketHash: string, scope: Scope, expiresAt: number, credential: string): Promise<void>;
  /** The ticket's holder, once: the ticket is deleted; undefined when unknown or expired. */
  takeTicket(ticketHash: string, now: number): Promise<TicketHolder | undefined>;
}

const CLICK_COLUMNS = `c.id, c.link_id, l.short_code, l.user_id, l.team_id, l.domain, c.clicked_at, c.country, c.city,
  c.device_type, c.os, c.browser, c.referrer_source, c.ip_address, l.created_by`;

/** A row of CLICK_COLUMNS read as an array (SQLite: Executor.arrays), as the object it stands for. */
function clickOf(row: unknown[]): FeedClick {
  return {
    id: Number(row[0]),
    link_id: row[1] as number,
    short_code: row[2] as string,
    user_id: row[3] as number | null,
    team_id: row[4] as number | null,
    domain: row[5] as string | null,
    clicked_at: row[6] as number,
    country: row[7] as string,
    city: row[8] as string | null,
    device_type: row[9] as string,
    os: row[10] as string | null,
    browser: row[11] as string | null,
    referrer_source: row[12] as string | null,
    ip_address: row[13] as string,
    created_by: row[14] === null ? null : Number(row[14]),
  };
}

/** The clicks a query of CLICK_COLUMNS finds: as arrays where the engine reads them so (cheaper), else as objects. */
async function readClicks(db: Executor, sql: string, params: readonly SqlParam[]): Promise<FeedClick[]> {
  if (db.arrays) return (await db.arrays(sql, params)).map(clickOf);
  const rows = await db.all<FeedClick>(sql, params);
  for (const row of rows) {
    row.id = Number(row.id);
    if (row.created_by !== null && row.created_by !== undefined) row.created_by = Number(row.created_by);
  }
  return rows;
}

/**
 * On SQLite the latest clicks are kept a while (handed over by the click writer, or as read) and
 * the live stream, the webhooks and the broker are answered from them when they can be
 * (recentClicks.ts): the three read the same new clicks. `recent`: the window the store's click
 * writer feeds.
 */
export function createEventFeed(db: Executor, recent?: RecentClicks): EventFeed {
  const feed = createDatabaseFeed(db);
  if (db.engine !== 'sqlite') return feed;
  recent ??= createRecentClicks(db);
  return {
    ...feed,
    async clicksAfter(query) {
      const kept = await recent!.serve(query);
      if (kept) return kept;
      const rows = await feed.clicksAfter(query);
      recent!.note(query, rows);
      return rows;
    },
    onAdvance: (every, listener) => recent!.onAdvance(every, listener),
  };
}

/** The feed read from the database alone: PostgreSQL's, and what the SQLite window answers as. */
export function createDatabaseFeed(db: Executor): EventFeed {
  return {
    async clicksAfter(query) {
      const params: (number | boolean)[] = [query.after, false];
      let where = 'c.id > ? AND c.is_bot = ? AND NOT c.imported';
      if (query.upTo !== undefined) {
        where += ' AND c.id <= ?';
        params.push(query.upTo);
      }
      if (query.linkId !== undefined) {
        where += ' AND c.link_id = ?';
        params.push(query.linkId);
      }
      const owned = reachedBy(query.scope, 'l');
      if (owned) {
        where += ` AND ${owned.sql}`;
        params.push(...owned.params);
      }
      return readClicks(
        db,
        `SELECT ${CLICK_COLUMNS} FROM clicks c JOIN links l ON l.id = c.link_id
         WHERE ${where} ORDER BY c.id LIMIT ${Math.floor(query.limit)}`,
        params,
      );
    },
    async clicksWithIds(ids) {
      if (ids.length === 0) return [];
      return readClicks(
        db,
        `SELECT ${CLICK_COLUMNS} FROM clicks c JOIN links l ON l.id = c.link_id
         WHERE c.id IN (${ids.map(() => '?').join(', ')}) AND c.is_bot = ? AND NOT c.imported ORDER BY c.id`,
        [...ids, false],
      );
    },
    async lastClickId() {
      const row = await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM clicks');
      return Number(row?.id ?? 0);
    },
    async saveTicket(ticketHash, scope, expiresAt, credential) {
      await db.run('DELETE FROM stream_tickets WHERE expires_at < ?', [expiresAt - 10 * 60_000]);
      await db.run(
        'INSERT INTO stream_tickets (ticket_hash, user_id, credential, expires_at, team_id) VALUES (?, ?, ?, ?, ?)',
        [
          ticketHash,
          // The user the ticket is for (null: the administrator), and the team its stream shows.
          scope.owner.kind === 'admin' ? null : scope.actor.id,
          credential,
          expiresAt,
          teamValue(scope),
        ],
      );
    },
    async takeTicket(ticketHash, now) {
      const row = await db.get<TicketHolder & { expires_at: number }>(
        'DELETE FROM stream_tickets WHERE ticket_hash = ? RETURNING user_id, credential, expires_at, team_id',
        [ticketHash],
      );
      if (!row || Number(row.expires_at) < now) return undefined;
      const idOf = (value: number | null) => (value === null ? null : Number(value));
      return { user_id: idOf(row.user_id), credential: row.credential, team_id: idOf(row.team_id) };
    },
  };
}
