/** Environment → a typed, validated Config. One clear error per bad value. */

import { isIP } from 'node:net';
import path from 'node:path';
import { parsePasswordLogin, parseSsoConfig, type SsoConfig } from './auth/ssoConfig';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './contract/audit';
import { parsedHttpUrl } from './contract/urls';
import { type EventsConfig, parseEventsConfig } from './events/eventsConfig';
import { LOG_FORMATS, type LogFormat } from './observability/logger';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: generated on first start and kept in dataDir (see auth/adminKey.ts). */
  adminKey: string | undefined;
  publicUrl: string;
  trustProxy: boolean;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URLS and REPLICA_MAX_LAG_S (docs/api.md#read-replicas): urls empty without replicas. */
  replicas: { urls: string[]; maxLagS: number };
  /** `closed`: POST /api/auth?action=register answers 403. */
  registration: Registration;
  /** A MaxMind-format database in place of geoip-lite's bundled data (server.ts opens it). */
  geoipDb: string | undefined;
  /**
   * MAX_LINKS_PER_TEAM (the older MAX_LINKS_PER_USER still read): the most links one team may own
   * (the administrator has no limit).
   */
  maxLinksPerUser: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted in the background (docs/api.md#audit-log). */
  auditRetentionDays: number;
  /** `json`: one JSON object per line; `text`: one readable line (docs/api.md#running-it). */
  logFormat: LogFormat;
  /** Unset: GET /metrics answers 404. */
  metricsToken: string | undefined;
  /** ANONYMIZE_IPS=1: clicks keep truncated addresses, visitors are counted by a keyed hash (privacy/). */
  anonymizeIps: boolean;
  /** CLICK_RETENTION_DAYS: stored clicks older than this are deleted in the background; unset: kept. */
  clickRetentionDays: number | undefined;
  /** DNS_SERVERS: the resolvers custom domains are verified with (`ip` or `ip:port`); unset: the system's. */
  dnsServers: string[] | undefined;
  /** Webhooks and the live stream: OUTBOUND_ALLOW_PRIVATE, STREAM_MAX, WEBHOOK_RETRY_MS (tests). */
  events: EventsConfig;
  /**
   * SPOOL_DIR (default DATA_DIR/spool): where clicks wait while PostgreSQL is unreachable
   * (docs/api.md#when-the-database-is-unreachable).
   */
  spoolDir: string;
  /** SMTP_URL and MAIL_FROM: where reset links are mailed from; unset: no mail (docs/api.md#accounts). */
  mail: MailConfig | undefined;
  /** OIDC_*: single sign-on through an OpenID Connect provider; unset: none (docs/api.md#single-sign-on). */
  sso: SsoConfig | undefined;
  /** PASSWORD_LOGIN=off: only the provider signs users in (the admin key still works). */
  passwordLogin: boolean;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export type Registration = 'open' | 'closed';

/** Shorter keys fall to guessing; a generated one is 43 characters. */
export const MIN_ADMIN_KEY_LENGTH = 16;
/** The metrics reveal traffic; the same floor as the admin key keeps the token out of guessing reach. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

export const DEFAULT_MAX_LINKS_PER_USER = 10_000;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const port = parsePort(env.PORT);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = env.DATA_DIR?.trim() || './data';
  const adminKey = env.ADMIN_KEY === undefined || env.ADMIN_KEY === '' ? undefined : env.ADMIN_KEY;
  if (adminKey !== undefined && adminKey.length < MIN_ADMIN_KEY_LENGTH) {
    throw new ConfigError(
      `ADMIN_KEY must be at least ${MIN_ADMIN_KEY_LENGTH} characters long (got ${adminKey.length}); unset it to have one generated`,
    );
  }
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  const trustProxy = parseFlag('TRUST_PROXY', env.TRUST_PROXY);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// (got "${databaseUrl.slice(0, 40)}")`);
  }
  const replicas = parseReplicas(env.DATABASE_REPLICA_URLS, env.REPLICA_MAX_LAG_S, databaseUrl);
  const registration = parseRegistration(env.REGISTRATION);
  const geoipDb = env.GEOIP_DB?.trim() || undefined;
  const maxLinksPerUser = parseMaxLinks(env);
  const logFormat = parseLogFormat(env.LOG_FORMAT);
  const metricsToken = env.METRICS_TOKEN === undefined || env.METRICS_TOKEN === '' ? undefined : env.METRICS_TOKEN;
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long (got ${metricsToken.length})`,
    );
  }
  const anonymizeIps = parseFlag('ANONYMIZE_IPS', env.ANONYMIZE_IPS);
  const clickRetentionDays = parseRetentionDays('CLICK_RETENTION_DAYS', env.CLICK_RETENTION_DAYS);
  const auditRetentionDays =
    parseRetentionDays('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS) ?? DEFAULT_AUDIT_RETENTION_DAYS;
  const spoolDir = env.SPOOL_DIR?.trim() || path.join(dataDir, 'spool');
  const dnsServers = parseDnsServers(env.DNS_SERVERS);
  const configFail = (message: string): never => {
    throw new ConfigError(message);
  };
  const sso = parseSsoConfig(env, configFail);
  return {
    port,
    host,
    dataDir,
    adminKey,
    publicUrl,
    trustProxy,
    databaseUrl,
    replicas,
    registration,
    geoipDb,
    maxLinksPerUser,
    logFormat,
    metricsToken,
    anonymizeIps,
    clickRetentionDays,
    auditRetentionDays,
    dnsServers,
    events: parseEventsConfig(env, parseFlag, configFail),
    spoolDir,
    mail: parseMail(env.SMTP_URL, env.MAIL_FROM),
    sso,
    passwordLogin: parsePasswordLogin(env.PASSWORD_LOGIN, sso, configFail),
  };
}

/** The URL holds a password: no message here repeats it. */
function parseMail(smtpUrl: string | undefined, from: string | undefined): MailConfig | undefined {
  const url = smtpUrl?.trim() ?? '';
  if (url === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || parsed.hostname === '') {
    throw new ConfigError('SMTP_URL must be smtp://host:port or smtps://user:password@host:port');
  }
  const sender = from?.trim() ?? '';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(sender) && !/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(sender)) {
    throw new ConfigError(`MAIL_FROM must be an email address when SMTP_URL is set (got "${sender.slice(0, 80)}")`);
  }
  return { smtpUrl: url, from: sender };
}

/** Comma-separated `ip`, `ip:port` or `[ipv6]:port`, as node:dns's setServers takes them. */
function parseDnsServers(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const servers = value.split(',').map((server) => server.trim());
  for (const server of servers) {
    const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(server) ?? /^([^:]+)(?::(\d+))?$/.exec(server);
    const address = match?.[1] ?? server;
    const port = match?.[2] === undefined ? 53 : Number(match[2]);
    if (isIP(address) === 0 || port < 1 || port > 65535) {
      throw new ConfigError(`DNS_SERVERS must be comma-separated addresses, each ip or ip:port (got "${value}")`);
    }
  }
  return servers;
}

/** A day is the least: the realtime and live panels read the clicks of the last 24 hours. */
/** Messages name a replica by its place in the list, never by its URL (which may hold a password). */
function parseReplicas(
  urls: string | undefined,
  maxLag: string | undefined,
  databaseUrl: string | undefined,
): Config['replicas'] {
  const list = (urls ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  list.forEach((url, index) => {
    if (!/^postgres(ql)?:\/\//.test(url) || !URL.canParse(url)) {
      throw new ConfigError(`DATABASE_REPLICA_URLS: entry ${index + 1} must be a postgres:// URL`);
    }
  });
  if (list.length > 0 && databaseUrl === undefined) {
    throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL (replicas are of a PostgreSQL primary)');
  }
  const text = maxLag?.trim() ?? '';
  const maxLagS = text === '' ? 10 : Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text === '' ? '10' : text) || maxLagS <= 0 || maxLagS > 86_400) {
    throw new ConfigError(`REPLICA_MAX_LAG_S must be a number of seconds above 0, at most 86400 (got "${maxLag}")`);
  }
  return { urls: list, maxLagS };
}

function parseRetentionDays(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const days = Number(value);
  if (!/^\s*[0-9]+\s*$/.test(value) || !Number.isSafeInteger(days) || days < 1 || days > 36_500) {
    throw new ConfigError(`${name} must be a whole number of days from 1 to 36500 (got "${value}")`);
  }
  return days;
}

/** Read on its own too (server.ts): the format must be known before any other value is checked. */
export function parseLogFormat(value: string | undefined): LogFormat {
  const normalised = value?.trim().toLowerCase() ?? '';
  if (normalised === '') return 'text';
  if ((LOG_FORMATS as readonly string[]).includes(normalised)) return normalised as LogFormat;
  throw new ConfigError(`LOG_FORMAT must be json or text (got "${value}")`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

/** MAX_LINKS_PER_TEAM, else the older MAX_LINKS_PER_USER (docs/api.md#configuration). */
function parseMaxLinks(env: NodeJS.ProcessEnv): number {
  const name = env.MAX_LINKS_PER_TEAM?.trim() ? 'MAX_LINKS_PER_TEAM' : 'MAX_LINKS_PER_USER';
  const value = env[name];
  if (value === undefined || value.trim() === '') return DEFAULT_MAX_LINKS_PER_USER;
  const max = Number(value);
  if (!/^\s*[0-9]+\s*$/.test(value) || !Number.isSafeInteger(max) || max < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got "${value}")`);
  }
  return max;
}

/**
 * What PUBLIC_URL holds besides its origin (a path, a query), which Me drops: it serves from the
 * root of its domain (docs/api.md#configuration). Undefined when there is nothing to drop.
 */
export function publicUrlDropped(value: string | undefined): string | undefined {
  const url = value === undefined ? undefined : parsedHttpUrl(value.trim());
  if (url === undefined) return undefined;
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  return rest === '' ? undefined : rest;
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value.trim() === '') return `http://localhost:${port}`;
  const url = parsedHttpUrl(value.trim());
  if (url === undefined) throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL (got "${value}")`);
  return url.origin;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0 (got "${value}")`);
}

function parseRegistration(value: string | undefined): Registration {
  const normalised = value?.trim().toLowerCase() ?? '';
  if (normalised === '' || normalised === 'open') return 'open';
  if (normalised === 'closed') return 'closed';
  throw new ConfigError(`REGISTRATION must be open or closed (got "${value}")`);
}
