/**
 * API keys (docs/api.md#api-keys): the answers of /api/keys and the name rule both sides apply.
 * Times are ISO 8601. The secret is shown once, in the answer of the create call.
 */
import { withinCharacters } from './characters';

export const MAX_KEYS_PER_ACCOUNT = 20;
export const MAX_KEY_NAME_LENGTH = 100;
/** Every secret starts with this, so a key is easy to recognise (in a config file, a leak scan). */
export const API_KEY_SECRET_START = 'me_';
/** How many characters of the secret the key's `prefix` keeps. */
export const API_KEY_PREFIX_LENGTH = 8;

export const KEY_NAME_RULE = `Name must be 1-${MAX_KEY_NAME_LENGTH} characters`;
export const KEY_NOT_FOUND = 'API key not found';
export const KEY_LIMIT_REACHED = `API key limit reached (${MAX_KEYS_PER_ACCOUNT} keys per account)`;
export const KEY_SCOPE_RULE = 'scope must be read or write';
export const KEYS_NEED_SIGN_IN = 'API keys cannot manage API keys: sign in, or use the admin key';

export interface ApiKey {
  id: number;
  name: string;
  /** The secret's first characters (`me_` and five more), to tell keys apart. */
  prefix: string;
  /** `read` keys may not change anything; `write` includes read (docs/api.md#teams). */
  scope: 'read' | 'write';
  created_at: string;
  /** Updated at most once a minute; null until first used. */
  last_used_at: string | null;
  /** The host names it may create or move links on; null: all its team's (docs/api.md#api-keys-of-a-team). */
  domains: string[] | null;
}

export interface CreateApiKeyRequest {
  name: string;
  scope?: 'read' | 'write';
  domains?: string[] | null;
}

export interface CreateApiKeyResponse {
  key: ApiKey;
  /** The whole key: returned only here, stored only as a hash. */
  secret: string;
}

export interface ApiKeysResponse {
  keys: ApiKey[];
}

/** The name as stored (trimmed), or the rule it breaks. */
export function parseKeyName(value: unknown): { ok: true; name: string } | { ok: false; error: string } {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length === 0 || !withinCharacters(name, MAX_KEY_NAME_LENGTH)) return { ok: false, error: KEY_NAME_RULE };
  return { ok: true, name };
}
