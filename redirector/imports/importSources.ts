/**
 * The sources an import reads (docs/api.md#imports), each checked when the job is made and opened
 * when it runs. A source's host is resolved and, unless private addresses are allowed (the
 * administrator's imports, OUTBOUND_ALLOW_PRIVATE=1), refused when any address it gives is a
 * loopback, private or otherwise not globally reachable one: an import cannot probe the service's
 * own network. The connection opens to the very address checked.
 */
import dns from 'node:dns';
import net from 'node:net';
import { IMPORT_SOURCES, type ImportSource } from '../contract/imports';
import { isPrivateAddress, OUTBOUND_PRIVATE_RULE, OUTBOUND_UNRESOLVABLE } from '../outbound/addressRules';
import { invalidInput } from '../ruleError';
import { openYourls } from '../storage/foreign/yourlsReader';
import type { ImportSourceReader } from './sources/importSource';
import { parseYourlsConnection, yourlsSourceKey } from './sources/yourls';

export const UNKNOWN_SOURCE = `source must be one of: ${IMPORT_SOURCES.join(', ')}`;

/** A source as checked: the key re-imports match by, and its host. */
export interface CheckedSource {
  source: ImportSource;
  sourceKey: string;
  host: string;
}

export function isImportSource(value: unknown): value is ImportSource {
  return typeof value === 'string' && (IMPORT_SOURCES as readonly string[]).includes(value);
}

/** The source's connection checked (RuleError 400), without opening it. */
export function checkSource(source: unknown, connection: unknown): CheckedSource {
  if (!isImportSource(source)) throw invalidInput(UNKNOWN_SOURCE);
  const yourls = parseYourlsConnection(connection);
  return { source, sourceKey: yourlsSourceKey(yourls), host: yourls.host };
}

/** The address to connect to `host` by, or RuleError 400 when it does not resolve or may not be reached. */
export async function reachableAddress(host: string, allowPrivate: boolean): Promise<string> {
  let addresses: string[];
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    throw invalidInput(`The source's host: ${OUTBOUND_UNRESOLVABLE.toLowerCase()}`);
  }
  if (addresses.length === 0) throw invalidInput(`The source's host: ${OUTBOUND_UNRESOLVABLE.toLowerCase()}`);
  if (!allowPrivate && addresses.some(isPrivateAddress)) {
    throw invalidInput(`The source's host: ${OUTBOUND_PRIVATE_RULE.toLowerCase()}`);
  }
  return addresses[0]!;
}

/** Opens the job's source, its host checked again (it may resolve elsewhere since). */
export async function openSource(
  source: ImportSource,
  connection: unknown,
  allowPrivate: boolean,
): Promise<ImportSourceReader> {
  switch (source) {
    case 'yourls': {
      const yourls = parseYourlsConnection(connection);
      return openYourls(yourls, await reachableAddress(yourls.host, allowPrivate));
    }
  }
}
