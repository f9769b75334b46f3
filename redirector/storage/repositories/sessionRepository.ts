import { columnList, type Executor } from '../executor';
import type { SessionRecord } from '../records';
import type { SessionRepository } from '../store';
import { SESSION_COLUMNS } from './columns';

const COLUMNS = columnList(SESSION_COLUMNS);

export function createSessionRepository(db: Executor): SessionRepository {
  return {
    async create(session, afterWrite) {
      const insert = (tx: Executor) =>
        tx.run(
          `INSERT INTO sessions (${COLUMNS}) VALUES (${SESSION_COLUMNS.map(() => '?').join(', ')})`,
          SESSION_COLUMNS.map((column) => session[column]),
        );
      if (!afterWrite) await insert(db);
      else
        await db.transaction(async (tx) => {
          await insert(tx);
          await afterWrite(tx, undefined);
        });
    },
    find: (tokenHash) => db.get<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = ?`, [tokenHash]),
    async delete(tokenHash) {
      await db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
    },
    deleteExpired: (now) => db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]),
    listForUser: (userId, now) =>
      db.all<SessionRecord>(
        `SELECT ${COLUMNS} FROM sessions WHERE user_id = ? AND kind = 'user' AND expires_at > ? ORDER BY created_at DESC, id`,
        [userId, now],
      ),
    // Both kinds: an administrator session single sign-on gave the account is one of its sessions.
    deleteForUser: (userId, keepTokenHash) =>
      db.run('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?', [userId, keepTokenHash]),
    deleteAdminOf: (userId) => db.run("DELETE FROM sessions WHERE user_id = ? AND kind = 'admin'", [userId]),
    async deleteById(userId, id) {
      return (await db.run("DELETE FROM sessions WHERE user_id = ? AND kind = 'user' AND id = ?", [userId, id])) > 0;
    },
    async touch(tokenHash, now, unlessAfter) {
      await db.run('UPDATE sessions SET last_used_at = ? WHERE token_hash = ? AND last_used_at <= ?', [
        now,
        tokenHash,
        unlessAfter,
      ]);
    },
  };
}
