import { columnList, type Executor } from '../executor';
import type { SessionRecord } from '../records';
import type { SessionRepository } from '../store';
import { SESSION_COLUMNS } from './columns';

const COLUMNS = columnList(SESSION_COLUMNS);

export function createSessionRepository(db: Executor): SessionRepository {
  return {
    async create(session) {
      await db.run(`INSERT INTO sessions (${COLUMNS}) VALUES (?, ?, ?, ?)`, [
        session.token_hash,
        session.kind,
        session.user_id,
        session.expires_at,
      ]);
    },
    find: (tokenHash) => db.get<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = ?`, [tokenHash]),
    async delete(tokenHash) {
      await db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
    },
    deleteExpired: (now) => db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]),
  };
}
