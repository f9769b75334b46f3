import { UniqueViolation } from '../errors';
import type { UserRecord } from '../records';
import type { UserRepository } from '../store';
import { isUniqueViolation, type SqliteDatabase } from './database';

export function createUserRepository(db: SqliteDatabase): UserRepository {
  const insert = db.prepare(
    'INSERT INTO users (name, email, password_hash, created_at) VALUES (@name, @email, @password_hash, @created_at)',
  );
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  const setDomain = db.prepare('UPDATE users SET custom_domain = ? WHERE id = ?');

  return {
    async create(user) {
      try {
        const { lastInsertRowid } = insert.run(user);
        return { ...user, id: Number(lastInsertRowid), custom_domain: null };
      } catch (error) {
        if (isUniqueViolation(error, 'email')) throw new UniqueViolation('email');
        throw error;
      }
    },
    async findById(id) {
      return byId.get(id) as UserRecord | undefined;
    },
    async findByEmail(email) {
      return byEmail.get(email) as UserRecord | undefined;
    },
    async setCustomDomain(id, domain) {
      try {
        setDomain.run(domain, id);
      } catch (error) {
        if (isUniqueViolation(error, 'custom_domain')) throw new UniqueViolation('custom_domain');
        throw error;
      }
    },
  };
}
