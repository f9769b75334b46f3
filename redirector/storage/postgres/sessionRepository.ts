import type { SessionRecord } from '../records';
import type { SessionRepository } from '../store';
import type { Queryable } from './database';

export function createSessionRepository(db: Queryable): SessionRepository {
  return {
    async create(session) {
      await db.query('INSERT INTO sessions (token_hash, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
        session.token_hash,
        session.kind,
        session.user_id,
        session.expires_at,
      ]);
    },
    async find(tokenHash) {
      const { rows } = await db.query<SessionRecord>(
        'SELECT token_hash, kind, user_id, expires_at FROM sessions WHERE token_hash = $1',
        [tokenHash],
      );
      return rows[0];
    },
    async delete(tokenHash) {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async deleteExpired(now) {
      const { rowCount } = await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
      return rowCount ?? 0;
    },
  };
}
