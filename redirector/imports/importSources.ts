/**
 * The sources an import reads (docs/api.md#imports), each checked when the job is made and opened
 * when it runs. A source's host is resolved and, unless private addresses are allowed (the
 * administrator's imports, OUTBOUND_ALLOW_PRIVATE=1), refused when any address it gives is a
 * loopback, private or otherwise not globally reachable one: an import cannot probe the service's
 * own network. The connection opens to the very address checked.
 */
import dns from 'node:dns';
import net from 'node:net';
import { IMPORT_SOURCES, type ImportOptions, type ImportSource } from '../contract/imports';
import { isPrivateAddress } from '../outbound/addressRules';
import { invalidInput } from '../ruleError';
import { openYourls } from '../storage/foreign/yourlsReader';
import { type ApiConnection, apiSourceKey, parseApiConnection } from './sources/apiConnection';
import { BITLY_API_URL, bitlyReader } from './sources/bitly';
import { csvReader, csvSourceKey, csvText } from './sources/csv';
import type { ImportSourceReader } from './sources/importSource';
import { kuttReader } from './sources/kutt';
import { shlinkReader } from './sources/shlink';
import { createSourceHttp } from './sources/sourceHttp';
import { parseYourlsConnection, yourlsSourceKey } from './sources/yourls';

export const UNKNOWN_SOURCE = `source must be one of: ${IMPORT_SOURCES.join(', ')}`;
const GROUP = /^[A-Za-z0-9_-]{1,64}$/;

/** A source as checked: the key re-imports match by, and its host (null: a file, read from no host). */
export interface CheckedSource {
  source: ImportSource;
  sourceKey: string;
  host: string | null;
}

export function isImportSource(value: unknown): value is ImportSource {
  return typeof value === 'string' && (IMPORT_SOURCES as readonly string[]).includes(value);
}

/** A Bitly connection's group, checked: undefined for the token's default group. */
function bitlyGroup(connection: unknown): string | undefined {
  const group = (connection as Record<string, unknown>).group;
  if (group === undefined || group === null || group === '') return undefined;
  if (typeof group !== 'string' || !GROUP.test(group)) throw invalidInput('connection.group must be a Bitly group id');
  return group;
}

/** The API connection of an HTTP source (kutt, shlink, bitly). */
function apiConnectionOf(source: Exclude<ImportSource, 'yourls' | 'csv'>, connection: unknown): ApiConnection {
  return source === 'bitly'
    ? parseApiConnection(connection, 'api_url', 'token', BITLY_API_URL)
    : parseApiConnection(connection, 'url', 'api_key');
}

/** The source's connection checked (RuleError 400), without opening it. */
export function checkSource(source: unknown, connection: unknown): CheckedSource {
  if (!isImportSource(source)) throw invalidInput(UNKNOWN_SOURCE);
  if (source === 'yourls') {
    const yourls = parseYourlsConnection(connection);
    return { source, sourceKey: yourlsSourceKey(yourls), host: yourls.host };
  }
  if (source === 'csv') return { source, sourceKey: csvSourceKey(csvText(connection)), host: null };
  const api = apiConnectionOf(source, connection);
  const group = source === 'bitly' ? `/${bitlyGroup(connection) ?? 'default'}` : '';
  return { source, sourceKey: `${apiSourceKey(source, api)}${group}`, host: api.host };
}

/**
 * Whether a job may read a source on a private address whatever OUTBOUND_ALLOW_PRIVATE says: one the
 * operator started (the administrator, into its own things or into a team it names; the command
 * line) or one of the administrator's own things (a job from before jobs named their starter)
 * (docs/api.md#imports).
 */
export function operatorImport(starter: { type: string } | null, teamId: number | null): boolean {
  return teamId === null || starter?.type === 'admin' || starter?.type === 'cli';
}

/** A source's host that does not resolve, or that is (or resolves to) an address an import may not read. */
export const SOURCE_UNRESOLVABLE = "The source's host does not resolve";
export const SOURCE_PRIVATE =
  "The source's host is (or resolves to) a loopback, private, link-local, CGNAT or multicast address";

/** The address to connect to `host` by, or RuleError 400 when it does not resolve or may not be reached. */
export async function reachableAddress(host: string, allowPrivate: boolean): Promise<string> {
  let addresses: string[];
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    throw invalidInput(SOURCE_UNRESOLVABLE);
  }
  if (addresses.length === 0) throw invalidInput(SOURCE_UNRESOLVABLE);
  if (!allowPrivate && addresses.some(isPrivateAddress)) throw invalidInput(SOURCE_PRIVATE);
  return addresses[0]!;
}

/** Opens the job's source, its host checked again (it may resolve elsewhere since). */
export async function openSource(
  source: ImportSource,
  connection: unknown,
  allowPrivate: boolean,
  clock: () => number = Date.now,
  options: ImportOptions = { on_conflict: 'skip' },
): Promise<ImportSourceReader> {
  if (source === 'csv') return csvReader(csvText(connection), options.mapping ?? {});
  if (source === 'yourls') {
    const yourls = parseYourlsConnection(connection);
    return openYourls(yourls, await reachableAddress(yourls.host, allowPrivate));
  }
  const api = apiConnectionOf(source, connection);
  const address = await reachableAddress(api.host, allowPrivate);
  const headers: Record<string, string> =
    source === 'kutt'
      ? { 'X-API-KEY': api.key }
      : source === 'shlink'
        ? { 'X-Api-Key': api.key }
        : { Authorization: `Bearer ${api.key}` };
  const http = createSourceHttp({ base: api.base, address, headers });
  if (source === 'kutt') return kuttReader(api, http);
  if (source === 'shlink') return shlinkReader(api, http, clock);
  return bitlyReader(api, http, bitlyGroup(connection));
}
