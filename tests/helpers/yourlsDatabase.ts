/**
 * A YOURLS database of a test's own on the MariaDB that runs on 127.0.0.1:3306 in every session and
 * in CI (root, no password; TEST_MYSQL_URL overrides it): the three tables YOURLS' install makes,
 * with its column types and keys, written here from its published schema.
 */
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';

export const TEST_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export interface YourlsLink {
  keyword: string;
  url: string;
  title?: string;
  timestamp?: string;
}

export interface YourlsClick {
  time: string;
  keyword: string;
  referrer?: string;
  agent?: string;
  ip?: string;
  country?: string;
}

export interface YourlsDatabase {
  /** mysql://…/<database>, as an import's connection names it. */
  url: string;
  addLinks(links: readonly YourlsLink[]): Promise<void>;
  addClicks(clicks: readonly YourlsClick[]): Promise<void>;
  /** The URL of an account of the database's own that may only read it, with `password`. */
  readerUrl(password: string): Promise<string>;
  /** A second session of the test's holding `yourls_log` locked: readers of it wait until `unlock` (once; again does nothing). */
  lockClicks(): Promise<{ unlock(): Promise<void> }>;
  drop(): Promise<void>;
}

const TABLES = (prefix: string) => [
  `CREATE TABLE ${prefix}url (
    keyword varchar(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT '',
    url text CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    title text COLLATE utf8mb4_unicode_ci DEFAULT NULL,
    timestamp timestamp NOT NULL DEFAULT current_timestamp(),
    ip varchar(41) COLLATE utf8mb4_unicode_ci NOT NULL,
    clicks int(10) unsigned NOT NULL,
    PRIMARY KEY (keyword), KEY ip (ip), KEY timestamp (timestamp), KEY url_idx (url(30))
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  `CREATE TABLE ${prefix}options (
    option_id bigint(20) unsigned NOT NULL auto_increment,
    option_name varchar(64) COLLATE utf8mb4_unicode_ci NOT NULL default '',
    option_value longtext COLLATE utf8mb4_unicode_ci NOT NULL,
    PRIMARY KEY (option_id, option_name), KEY option_name (option_name)
  ) AUTO_INCREMENT=1 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE ${prefix}log (
    click_id int(11) NOT NULL auto_increment,
    click_time datetime NOT NULL,
    shorturl varchar(100) BINARY NOT NULL,
    referrer varchar(200) NOT NULL,
    user_agent varchar(255) NOT NULL,
    ip_address varchar(41) NOT NULL,
    country_code char(2) NOT NULL,
    PRIMARY KEY (click_id), KEY shorturl (shorturl)
  ) AUTO_INCREMENT=1 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
];

export async function createYourlsDatabase(prefix = 'yourls_'): Promise<YourlsDatabase> {
  const name = `me_yourls_${crypto.randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(`${TEST_MYSQL_URL}?multipleStatements=false`).catch((error: Error) => {
    throw new Error(`MariaDB is not reachable at ${TEST_MYSQL_URL} (${error.message}): these tests need it`);
  });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`USE ${name}`);
  for (const sql of TABLES(prefix)) await admin.query(sql);
  await admin.query(
    `INSERT INTO ${prefix}options (option_name, option_value) VALUES ('version', '1.9.2'), ('db_version', '505')`,
  );
  const url = `${TEST_MYSQL_URL}/${name}`;
  const readers: string[] = [];
  return {
    url,
    async addLinks(links) {
      for (const link of links) {
        await admin.query(
          `INSERT INTO ${prefix}url (keyword, url, title, timestamp, ip, clicks) VALUES (?, ?, ?, ?, '127.0.0.1', 0)`,
          [link.keyword, link.url, link.title ?? null, link.timestamp ?? '2024-01-02 03:04:05'],
        );
      }
    },
    async addClicks(clicks) {
      for (const click of clicks) {
        await admin.query(
          `INSERT INTO ${prefix}log (click_time, shorturl, referrer, user_agent, ip_address, country_code)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [
            click.time,
            click.keyword,
            click.referrer ?? 'direct',
            click.agent ?? '',
            click.ip ?? '203.0.113.9',
            click.country ?? '',
          ],
        );
      }
    },
    async readerUrl(password) {
      const reader = `${name}_r`.slice(0, 32);
      for (const host of ['%', 'localhost']) {
        await admin.query(`CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?`, [reader, host, password]);
        await admin.query(`GRANT SELECT ON ${name}.* TO ?@?`, [reader, host]);
      }
      readers.push(reader);
      const base = new URL(TEST_MYSQL_URL);
      return `mysql://${reader}:${encodeURIComponent(password)}@${base.host}/${name}`;
    },
    async lockClicks() {
      const session = await mysql.createConnection(url);
      await session.query(`LOCK TABLES ${prefix}log WRITE`);
      let locked = true;
      return {
        async unlock() {
          if (!locked) return;
          locked = false;
          await session.query('UNLOCK TABLES');
          await session.end();
        },
      };
    },
    async drop() {
      for (const reader of readers) {
        for (const host of ['%', 'localhost']) await admin.query('DROP USER IF EXISTS ?@?', [reader, host]);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}
