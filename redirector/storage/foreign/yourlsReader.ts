/**
 * A YOURLS database read with mysql2 (docs/api.md#imports), the tables its own install makes:
 * `<prefix>url` (keyword, url, title, timestamp) and `<prefix>log` (click_id, click_time,
 * shorturl, referrer, user_agent, ip_address, country_code). YOURLS keeps times without a zone;
 * they are read as UTC. Links come in keyword order (the table's binary collation), clicks in
 * click_id order: both pages resume after the last one read.
 */
import mysql from 'mysql2/promise';
import type { ImportSourceReader, SourceClick, SourceLink } from '../../imports/sources/importSource';
import type { YourlsConnection } from '../../imports/sources/yourls';

/**
 * The rows a query of YOURLS' database reads, links or clicks. mysql2 hands a result over in one
 * go, and making its rows is work on the event loop: a page of 5,000 clicks held it some 15 ms, one
 * of 2,000 about 5 ms, the aim of an import's parts (docs/performance.md, "Imports while redirects
 * run"); links read 2,000 at a time take a quarter of the queries 500 did.
 */
export const YOURLS_ROWS_PER_PAGE = 2000;

/** 'YYYY-MM-DD HH:MM:SS' as kept by MySQL, read as UTC; null when it is not a time. */
function utcTime(text: string | null): number | null {
  if (!text) return null;
  const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? ms : null;
}

interface UrlRow {
  keyword: string;
  url: string;
  title: string | null;
  timestamp: string | null;
}

interface LogRow {
  click_id: number;
  click_time: string;
  shorturl: string;
  referrer: string;
  user_agent: string;
  ip_address: string;
  country_code: string;
}

/** Opens the database at `address` (the host already resolved and checked by the caller). */
export async function openYourls(connection: YourlsConnection, address: string): Promise<ImportSourceReader> {
  const db = await mysql.createConnection({
    host: address,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database,
    dateStrings: true,
    charset: 'utf8mb4',
    connectTimeout: 10_000,
  });
  const urlTable = mysql.escapeId(`${connection.prefix}url`);
  const logTable = mysql.escapeId(`${connection.prefix}log`);
  return {
    rowsPerPage: YOURLS_ROWS_PER_PAGE,
    async linksAfter(after, limit) {
      const [rows] = await db.query(
        `SELECT keyword, url, title, CAST(timestamp AS CHAR) AS timestamp FROM ${urlTable}
         ${after === null ? '' : 'WHERE keyword > ?'} ORDER BY keyword LIMIT ${Math.floor(limit)}`,
        after === null ? [] : [after],
      );
      return (rows as UrlRow[]).map(
        (row): SourceLink => ({
          ref: row.keyword,
          short_code: row.keyword,
          target_url: row.url,
          title: row.title || null,
          created_at: utcTime(row.timestamp),
        }),
      );
    },
    async clicksAfter(after, limit) {
      const [rows] = await db.query(
        `SELECT click_id, CAST(click_time AS CHAR) AS click_time, shorturl, referrer, user_agent, ip_address, country_code
         FROM ${logTable} WHERE click_id > ? ORDER BY click_id LIMIT ${Math.floor(limit)}`,
        [after],
      );
      return (rows as LogRow[]).map(
        (row): SourceClick => ({
          position: Number(row.click_id),
          link_ref: row.shorturl,
          clicked_at: utcTime(row.click_time),
          referrer: row.referrer ?? '',
          user_agent: row.user_agent ?? '',
          country: row.country_code ?? '',
          ip_address: row.ip_address ?? '',
        }),
      );
    },
    async close() {
      db.destroy();
    },
  };
}
