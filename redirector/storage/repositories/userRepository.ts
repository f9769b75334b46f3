import { columnList, type Executor } from '../executor';
import type { UserRecord } from '../records';
import type { UserRepository } from '../store';
import { USER_COLUMNS } from './columns';

const COLUMNS = columnList(USER_COLUMNS);

export function createUserRepository(db: Executor): UserRepository {
  return {
    async create(user) {
      const row = await db.get<UserRecord>(
        `INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`,
        [user.name, user.email, user.password_hash, user.created_at],
      );
      return row!;
    },
    findById: (id) => db.get<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]),
    findByEmail: (email) => db.get<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE email = ?`, [email]),
    async setCustomDomain(id, domain) {
      await db.run('UPDATE users SET custom_domain = ? WHERE id = ?', [domain, id]);
    },
  };
}
