/**
 * YOURLS (docs/api.md#imports): the connection to its MySQL or MariaDB database, checked; the
 * reading itself is storage/foreign/yourlsReader.ts (SQL lives under storage/).
 */
import { invalidInput } from '../../ruleError';

export interface YourlsConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  prefix: string;
}

const PREFIX = /^[A-Za-z0-9_]{0,32}$/;
export const YOURLS_URL_RULE = 'connection.database_url must be mysql://user:password@host:port/database';

/** A part of the address decoded; RuleError 400 when its %-escapes are not UTF-8 (`%zz`, `%E0%A4`). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalidInput(YOURLS_URL_RULE);
  }
}

/** The connection as given, checked; RuleError 400 naming what is wrong. Never echoes the password. */
export function parseYourlsConnection(connection: unknown): YourlsConnection {
  const given = (connection ?? {}) as Record<string, unknown>;
  if (typeof given.database_url !== 'string') throw invalidInput(YOURLS_URL_RULE);
  let url: URL;
  try {
    url = new URL(given.database_url);
  } catch {
    throw invalidInput(YOURLS_URL_RULE);
  }
  const database = decoded(url.pathname.replace(/^\//, ''));
  if ((url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') || !url.hostname || !database) {
    throw invalidInput(YOURLS_URL_RULE);
  }
  const prefix = given.prefix === undefined ? 'yourls_' : given.prefix;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw invalidInput('connection.prefix must be up to 32 letters, digits or _ (YOURLS: yourls_)');
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : 3306,
    user: decoded(url.username),
    password: decoded(url.password),
    database,
    prefix,
  };
}

/** The same source whoever's password reads it: the key re-imports are matched by. */
export function yourlsSourceKey(connection: YourlsConnection): string {
  return `yourls:${connection.host.toLowerCase()}:${connection.port}/${connection.database}/${connection.prefix}`;
}
