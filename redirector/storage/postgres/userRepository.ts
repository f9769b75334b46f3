import { UniqueViolation } from '../errors';
import type { UserRecord } from '../records';
import type { UserRepository } from '../store';
import { isUniqueViolation, type Queryable } from './database';

const COLUMNS = 'id, name, email, password_hash, custom_domain, created_at';

export function createUserRepository(db: Queryable): UserRepository {
  return {
    async create(user) {
      try {
        const { rows } = await db.query<UserRecord>(
          `INSERT INTO users (name, email, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
          [user.name, user.email, user.password_hash, user.created_at],
        );
        return rows[0]!;
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw new UniqueViolation('email');
        throw error;
      }
    },
    async findById(id) {
      const { rows } = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return rows[0];
    },
    async findByEmail(email) {
      const { rows } = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
      return rows[0];
    },
    async setCustomDomain(id, domain) {
      try {
        await db.query('UPDATE users SET custom_domain = $1 WHERE id = $2', [domain, id]);
      } catch (error) {
        if (isUniqueViolation(error, 'users_custom_domain_key')) throw new UniqueViolation('custom_domain');
        throw error;
      }
    },
  };
}
