/**
 * The connection of a source read through its HTTP API (docs/api.md#imports): its address and its
 * key, checked. The key is never echoed in a message, and the source's key for re-imports holds
 * only the address.
 */
import { parsedHttpUrl } from '../../contract/urls';
import { invalidInput } from '../../ruleError';

export interface ApiConnection {
  /** The base address, without a query. */
  base: URL;
  host: string;
  key: string;
}

const MAX_KEY_LENGTH = 1000;

/** `connection[urlField]` (http or https) and `connection[keyField]` checked; RuleError 400 naming the field. */
export function parseApiConnection(
  connection: unknown,
  urlField: string,
  keyField: string,
  defaultUrl?: string,
): ApiConnection {
  const given = (connection ?? {}) as Record<string, unknown>;
  const urlRule = `connection.${urlField} must be the source's address, http:// or https://`;
  const text = given[urlField] ?? defaultUrl;
  if (typeof text !== 'string') throw invalidInput(urlRule);
  const base = parsedHttpUrl(text);
  if (base === undefined || base.username || base.password) throw invalidInput(urlRule);
  base.search = '';
  base.hash = '';
  const key = given[keyField];
  if (typeof key !== 'string' || key.trim() === '' || key.length > MAX_KEY_LENGTH || /[\r\n]/.test(key)) {
    throw invalidInput(`connection.${keyField} is required (the source's API key)`);
  }
  return { base, host: base.hostname.replace(/^\[(.*)\]$/, '$1'), key: key.trim() };
}

/** The same source whoever's key reads it: the key re-imports are matched by. */
export function apiSourceKey(source: string, connection: ApiConnection): string {
  return `${source}:${connection.base.origin}${connection.base.pathname.replace(/\/+$/, '')}`;
}

/** Epoch milliseconds of an ISO 8601 time (`+0000` offsets too); null when it is not one. */
export function isoTime(text: unknown): number | null {
  if (typeof text !== 'string' || text === '') return null;
  const ms = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(ms) ? ms : null;
}

/** The most clicks a source's count of a link may say: exact in JSON, in JavaScript and in both stores. */
export const MAX_SOURCE_CLICK_COUNT = Number.MAX_SAFE_INTEGER;
export const SOURCE_COUNT_LEFT_OUT = `Its click count in the source is not a whole number from 0 to ${MAX_SOURCE_CLICK_COUNT}: imported without it`;

/**
 * A source's total of a link's clicks (Kutt's `visit_count`, Bitly's `total_clicks`), a number or
 * a numeric text: none (absent, null) is 0; one that is not a whole number from 0 to
 * MAX_SOURCE_CLICK_COUNT (negative, a fraction, 1e30, not a number) is undefined: the link comes
 * without it (0 when new, its count kept on a re-import), listed with SOURCE_COUNT_LEFT_OUT.
 */
export function sourceClickCount(value: unknown): number | undefined {
  if (value === undefined || value === null) return 0;
  const count =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}

/** A path under the base address (base `https://x/y`, path `/api` → `/y/api`). */
export function under(connection: ApiConnection, path: string): string {
  return `${connection.base.pathname.replace(/\/+$/, '')}${path}`;
}
