/**
 * API keys, written once over the executor (docs/api.md#api-keys). `user_id` null is the
 * administrator's key, like the administrator's links. Only the SHA-256 of a secret is stored. A
 * caller's keys are its scope's own (scopeFilter.ts; docs/api.md#scope-who-a-call-acts-for).
 */

import type { KeyScope } from '../../contract/teams';
import { columnList, type Executor, type RowShape } from '../executor';
import { insertWithinLimit } from './insertWithinLimit';
import { type OwnedTable, ownedRows } from './ownedRows';
import { teamValue } from './scopeFilter';

export interface ApiKeyRecord {
  id: number;
  /** null: the administrator's key. */
  user_id: number | null;
  /** The team the key acts in (docs/api.md#teams); null: the administrator's key. */
  team_id: number | null;
  /** `read` keys may not change anything. */
  scope: KeyScope;
  /** The host names the key may put links on; null: all of its team's. */
  domains: string[] | null;
  name: string;
  prefix: string;
  key_hash: string;
  /** The administrator's keys only: a tag of key_hash keyed by the ADMIN_KEY it was made with. */
  admin_tag: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** A key to store; its owner is the creating scope's. */
export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'user_id' | 'team_id' | 'last_used_at' | 'scope' | 'domains'> &
  Partial<Pick<ApiKeyRecord, 'scope' | 'domains'>>;

export const API_KEY_COLUMNS = [
  'id',
  'user_id',
  'team_id',
  'scope',
  'domains',
  'name',
  'prefix',
  'key_hash',
  'admin_tag',
  'created_at',
  'last_used_at',
] as const satisfies readonly (keyof ApiKeyRecord)[];

const COLUMNS = columnList(API_KEY_COLUMNS);
const SHAPE: RowShape = { json: ['domains'] };

/** Serialises key creation for the administrator, who has no row to lock (any 64-bit constant of our own). */
const ADMIN_KEYS_LOCK = 7_302_116_540_391;

/** A scope's keys: made within its owner's limit, listed, deleted (OwnedTable); and found by their hash. */
export interface ApiKeyRepository extends OwnedTable<ApiKeyRecord, NewApiKey> {
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** Sets last_used_at to `now` unless it is already after `unlessAfter` (one write a minute, not one a call). */
  touch(id: number, now: number, unlessAfter: number): Promise<void>;
}

export function createApiKeyRepository(db: Executor): ApiKeyRepository {
  return {
    create(scope, key, maxKeys, afterWrite) {
      // A key's user is who made it (a shared team's key stops with its maker's membership).
      const userId = scope.owner.kind === 'admin' ? null : scope.actor.id;
      const limit = { table: 'api_keys', max: maxKeys, adminLock: ADMIN_KEYS_LOCK };
      return insertWithinLimit(
        db,
        scope,
        limit,
        (tx) =>
          tx.get<ApiKeyRecord>(
            `INSERT INTO api_keys (user_id, team_id, scope, domains, name, prefix, key_hash, admin_tag, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
            [
              userId,
              teamValue(scope),
              key.scope ?? 'write',
              key.domains ?? null,
              key.name,
              key.prefix,
              key.key_hash,
              key.admin_tag,
              key.created_at,
            ],
            SHAPE,
          ),
        afterWrite,
      );
    },
    ...ownedRows<ApiKeyRecord>(db, 'api_keys', COLUMNS, SHAPE),
    findByHash: (keyHash) =>
      db.get<ApiKeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`, [keyHash], SHAPE),
    async touch(id, now, unlessAfter) {
      await db.run(
        'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
        [now, id, unlessAfter],
      );
    },
  };
}
