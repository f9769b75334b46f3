/**
 * API keys, written once over the executor (docs/api.md#api-keys). `user_id` null is the
 * administrator's key, like the administrator's links. Only the SHA-256 of a secret is stored.
 */
import { columnList, type Executor } from '../executor';

export interface ApiKeyRecord {
  id: number;
  /** null: the administrator's key. */
  user_id: number | null;
  name: string;
  prefix: string;
  key_hash: string;
  /** The administrator's keys only: a tag of key_hash keyed by the ADMIN_KEY it was made with. */
  admin_tag: string | null;
  created_at: number;
  last_used_at: number | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'last_used_at'>;

export const API_KEY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'prefix',
  'key_hash',
  'admin_tag',
  'created_at',
  'last_used_at',
] as const satisfies readonly (keyof ApiKeyRecord)[];

const COLUMNS = columnList(API_KEY_COLUMNS);

/** SQL and parameters matching one owner's keys (`IS NULL` has no placeholder form on PostgreSQL). */
function ownedBy(userId: number | null): { sql: string; params: number[] } {
  return userId === null ? { sql: 'user_id IS NULL', params: [] } : { sql: 'user_id = ?', params: [userId] };
}

/** Serialises key creation for the administrator, who has no row to lock (any 64-bit constant of our own). */
const ADMIN_KEYS_LOCK = 7_302_116_540_391;

export interface ApiKeyRepository {
  /** 'limit' (and nothing written) when the owner has maxKeys keys already; exact under concurrent creates. */
  create(key: NewApiKey, maxKeys: number): Promise<ApiKeyRecord | 'limit'>;
  /** One owner's keys (userId null: the administrator's), oldest first. */
  list(userId: number | null): Promise<ApiKeyRecord[]>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** False when the owner has no such key. */
  delete(id: number, userId: number | null): Promise<boolean>;
  /** Sets last_used_at to `now` unless it is already after `unlessAfter` (one write a minute, not one a call). */
  touch(id: number, now: number, unlessAfter: number): Promise<void>;
}

export function createApiKeyRepository(db: Executor): ApiKeyRepository {
  return {
    create(key, maxKeys) {
      return db.transaction(async (tx) => {
        const owner = ownedBy(key.user_id);
        // Two creates at the limit must not both pass: PostgreSQL queues them on the owner's row
        // (or the administrator's lock); SQLite's transactions already run one at a time.
        if (tx.engine === 'postgres') {
          if (key.user_id === null) await tx.get(`SELECT pg_advisory_xact_lock(${ADMIN_KEYS_LOCK})`);
          else await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [key.user_id]);
        }
        const owned = await tx.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM api_keys WHERE ${owner.sql}`,
          owner.params,
        );
        if (owned!.n >= maxKeys) return 'limit';
        const row = await tx.get<ApiKeyRecord>(
          `INSERT INTO api_keys (user_id, name, prefix, key_hash, admin_tag, created_at)
           VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
          [key.user_id, key.name, key.prefix, key.key_hash, key.admin_tag, key.created_at],
        );
        return row!;
      });
    },
    list(userId) {
      const owner = ownedBy(userId);
      return db.all<ApiKeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE ${owner.sql} ORDER BY id`, owner.params);
    },
    findByHash: (keyHash) => db.get<ApiKeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`, [keyHash]),
    async delete(id, userId) {
      const owner = ownedBy(userId);
      return (await db.run(`DELETE FROM api_keys WHERE id = ? AND ${owner.sql}`, [id, ...owner.params])) > 0;
    },
    async touch(id, now, unlessAfter) {
      await db.run(
        'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
        [now, id, unlessAfter],
      );
    },
  };
}
