/**
 * API keys (docs/api.md#api-keys): long-lived credentials a user or the administrator makes for
 * scripts. Created, listed and deleted by their owner; checked on every call made with one. Keys
 * never expire: they stop working when deleted, when their user is disabled (or deleted, which
 * deletes them), and, for the administrator's, when ADMIN_KEY changes.
 */
import { recordAudit } from '../audit/auditLog';
import { keyEntry } from '../audit/keyAudit';
import type { Scope } from '../auth/scope';
import { hashToken } from '../auth/tokens';
import {
  type ApiKey,
  type CreateApiKeyResponse,
  KEY_LIMIT_REACHED,
  KEY_NOT_FOUND,
  KEY_SCOPE_RULE,
  MAX_KEYS_PER_ACCOUNT,
  parseKeyName,
} from '../contract/keys';
import { apiFields } from '../contract/times';
import { invalidInput, notFoundRule, taken } from '../ruleError';
import type { AfterWrite } from '../storage/executor';
import type { UserRecord } from '../storage/records';
import type { ApiKeyRecord } from '../storage/repositories/apiKeyRepository';
import type { Store } from '../storage/store';
import { parseDomains } from '../teams/teamRules';
import { adminKeyTag, looksLikeApiKey, newApiKeySecret, prefixOf, sameDigest } from './apiKeySecrets';

/** last_used_at is written at most this often per key, so a busy script costs no write per call. */
export const LAST_USED_PRECISION_MS = 60_000;

export interface ApiKeyService {
  /** RuleError 400 for a bad name, 409 past the limit. */
  /** `scope`: 'read' or 'write' (left out: write), docs/api.md#teams. */
  create(owner: Scope, name: unknown, scope?: unknown, domains?: unknown): Promise<CreateApiKeyResponse>;
  list(owner: Scope): Promise<ApiKey[]>;
  /** RuleError 404 when the owner has no such key. */
  delete(owner: Scope, id: number): Promise<void>;
  /** The user behind a live user key (disabled users included: the caller refuses them). */
  userForKey(secret: string): Promise<UserRecord | undefined>;
  /** The same, with the key itself (its team and scope: docs/api.md#teams). */
  keyForSecret(secret: string): Promise<{ user: UserRecord; key: ApiKeyRecord } | undefined>;
  /** True for a live administrator's key made with the current ADMIN_KEY. */
  isAdminKey(secret: string): Promise<boolean>;
}

function toApiKey(record: ApiKeyRecord): ApiKey {
  return apiFields(record, ['id', 'name', 'prefix', 'scope', 'created_at', 'last_used_at', 'domains']);
}

export function createApiKeyService(deps: { store: Store; adminKey: string; clock: () => number }): ApiKeyService {
  const { store, adminKey, clock } = deps;

  /**
   * The stored key behind `secret` when it is the administrator's (`admin`) or a user's (not
   * `admin`), marked used; undefined for anything else: a user's key is no administrator's key,
   * nor the other way round.
   */
  async function liveKey(secret: string, admin: boolean): Promise<ApiKeyRecord | undefined> {
    if (!looksLikeApiKey(secret)) return undefined;
    const keyHash = hashToken(secret);
    const record = await store.apiKeys.findByHash(keyHash);
    if (!record || !sameDigest(record.key_hash, keyHash) || (record.user_id === null) !== admin) return undefined;
    if (admin && !sameDigest(record.admin_tag ?? '', adminKeyTag(keyHash, adminKey))) return undefined;
    const now = clock();
    if (record.last_used_at === null || record.last_used_at <= now - LAST_USED_PRECISION_MS) {
      await store.apiKeys.touch(record.id, now, now - LAST_USED_PRECISION_MS);
    }
    return record;
  }

  async function keyForSecret(secret: string) {
    const key = await liveKey(secret, false);
    const user = key?.user_id == null ? undefined : await store.users.findById(key.user_id);
    return key && user ? { user, key } : undefined;
  }

  return {
    async create(owner, name, scope, domains) {
      const parsed = parseKeyName(name);
      if (!parsed.ok) throw invalidInput(parsed.error);
      if (scope !== undefined && scope !== 'read' && scope !== 'write') throw invalidInput(KEY_SCOPE_RULE);
      const hosts = parseDomains(domains);
      const secret = newApiKeySecret();
      const keyHash = hashToken(secret);
      const stored = await store.apiKeys.create(
        owner,
        {
          name: parsed.name,
          prefix: prefixOf(secret),
          key_hash: keyHash,
          admin_tag: owner.owner.kind === 'admin' ? adminKeyTag(keyHash, adminKey) : null,
          scope: scope === 'read' ? 'read' : 'write',
          domains: hosts,
          created_at: clock(),
        },
        MAX_KEYS_PER_ACCOUNT,
        (tx, row) => recordAudit(tx, owner, keyEntry(row, 'key.created'), clock()),
      );
      if (stored === 'limit') throw taken(KEY_LIMIT_REACHED);
      return { key: toApiKey(stored), secret };
    },
    async list(owner) {
      return (await store.apiKeys.list(owner)).map(toApiKey);
    },
    async delete(owner, id) {
      const audit: AfterWrite<ApiKeyRecord> = (tx, row) =>
        recordAudit(tx, owner, keyEntry(row, 'key.deleted'), clock());
      if (!(await store.apiKeys.delete(id, owner, audit))) throw notFoundRule(KEY_NOT_FOUND);
    },
    async userForKey(secret) {
      return (await keyForSecret(secret))?.user;
    },
    keyForSecret,
    async isAdminKey(secret) {
      return (await liveKey(secret, true)) !== undefined;
    },
  };
}
