import type { SessionRecord } from '../records';
import type { SessionRepository } from '../store';
import type { SqliteDatabase } from './database';

export function createSessionRepository(db: SqliteDatabase): SessionRepository {
  const insert = db.prepare(
    'INSERT INTO sessions (token_hash, kind, user_id, expires_at) VALUES (@token_hash, @kind, @user_id, @expires_at)',
  );
  const find = db.prepare('SELECT * FROM sessions WHERE token_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');

  return {
    async create(session) {
      insert.run(session);
    },
    async find(tokenHash) {
      return find.get(tokenHash) as SessionRecord | undefined;
    },
    async delete(tokenHash) {
      remove.run(tokenHash);
    },
    async deleteExpired(now) {
      return removeExpired.run(now).changes;
    },
  };
}
