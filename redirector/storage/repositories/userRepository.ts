import { WriteCollided } from '../errors';
import { columnList, type Executor } from '../executor';
import { NO_PASSWORD, type UserRecord, type UserWithCounts } from '../records';
import type { UserRepository } from '../store';
import { LISTED_USER_SHAPE, USER_COLUMNS, USER_SHAPE } from './columns';
import { refuseLastOwner } from './lastOwner';
import type { LinkCountQueries } from './linkCounts';
import { deleteLinksWhere } from './linkDeletion';
import { containsAny } from './textSearch';
import { type ValuesQuery, valuesAmong } from './valuesAmong';

// Only a verified domain is this service's own (docs/api.md#custom-domains): a claim alone blocks nothing.
const VERIFIED_DOMAINS: ValuesQuery = {
  sql: (list) => `SELECT verified_domain AS value FROM teams WHERE verified_domain IN (${list})`,
  params: (batch) => [...batch],
};

/** The user's columns and their personal team (docs/api.md#teams), made with the row by a trigger. */
const COLUMNS = `${columnList(USER_COLUMNS)},
  (SELECT t.id FROM teams t WHERE t.personal_user_id = users.id) AS personal_team_id,
  (SELECT t.custom_domain FROM teams t WHERE t.personal_user_id = users.id) AS custom_domain`;
/** A deletion that loses a deadlock to its account's own writes is tried again, this many times in all. */
const MAX_DELETE_ATTEMPTS = 5;
const LISTED_COLUMNS = columnList(
  USER_COLUMNS.filter((column) => column !== 'password_hash'),
  'u',
);

/**
 * Disabling voids the account's unused stream tickets (docs/api.md#live-stream), those of an
 * administrator session single sign-on gave it included: enabled again, they open nothing.
 */
async function setDisabled(db: Executor, id: number, disabled: boolean): Promise<boolean> {
  if (!disabled) return (await db.run('UPDATE users SET disabled = ? WHERE id = ?', [false, id])) > 0;
  return db.transaction(async (tx) => {
    await tx.run(
      `DELETE FROM stream_tickets WHERE user_id = ?
         OR credential IN (SELECT 'session:' || token_hash FROM sessions WHERE user_id = ?)`,
      [id, id],
    );
    return (await tx.run('UPDATE users SET disabled = ? WHERE id = ?', [true, id])) > 0;
  });
}

function matchUsers(engine: Executor['engine'], q: string): { where: string; params: string[] } {
  if (q === '') return { where: '', params: [] };
  const match = containsAny(engine, ['u.name', 'u.email'], q);
  return { where: `WHERE ${match.sql}`, params: match.params };
}

/** The names of these users, by id, in one query. */
async function namesOfUsers(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.all<{ id: number; name: string }>(
    `SELECT id, name FROM users WHERE id IN (${unique.map(() => '?').join(', ')})`,
    unique,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * New credentials cancel every link mailed or handed out for the old ones (docs/api.md#accounts): run
 * inside the transaction that writes them, so no link outlives the change, whichever call made it.
 */
function dropAccountLinks(tx: Executor, id: number): Promise<number> {
  return tx.run('DELETE FROM account_links WHERE user_id = ?', [id]);
}

/** A reset link's write (docs/api.md#accounts): a password changed since the link read it wins. */
function replacePassword(db: Executor, id: number, from: string, to: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [
      to,
      id,
      from,
    ]);
    if (changed === 0) return false;
    await dropAccountLinks(tx, id);
    return true;
  });
}

export function createUserRepository(db: Executor, counts: LinkCountQueries): UserRepository {
  const withCounts = `
    SELECT ${LISTED_COLUMNS},
           (SELECT t.custom_domain FROM teams t WHERE t.personal_user_id = u.id) AS custom_domain,
           (SELECT COUNT(*) FROM links l WHERE l.user_id = u.id) AS links,
           ${counts.userClicksSql} AS clicks,
           (u.password_hash = '${NO_PASSWORD}'
             AND NOT EXISTS (SELECT 1 FROM sso_identities i WHERE i.user_id = u.id)) AS invited
    FROM users u`;

  return {
    async create(user) {
      // Read after the insert: RETURNING sees the row before the trigger made its personal team.
      const made = await db.get<{ id: number }>(
        'INSERT INTO users (name, email, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id',
        [user.name, user.email, user.password_hash, user.created_at],
      );
      return (await db.get<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [made!.id], USER_SHAPE))!;
    },
    namesOf: (ids) => namesOfUsers(db, ids),
    findById: (id) => db.get<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id], USER_SHAPE),
    findByEmail: (email) => db.get<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE email = ?`, [email], USER_SHAPE),
    async isCustomDomain(domain) {
      return (await valuesAmong(db, VERIFIED_DOMAINS, [domain])).has(domain);
    },
    customDomainsAmong: (domains) => valuesAmong(db, VERIFIED_DOMAINS, domains),

    async page({ q, limit, offset }) {
      const match = matchUsers(db.engine, q);
      await counts.beforeRead();
      const rows = await db.all<UserWithCounts>(
        `${withCounts} ${match.where} ORDER BY u.id LIMIT ? OFFSET ?`,
        [...match.params, limit, offset],
        LISTED_USER_SHAPE,
      );
      const total = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM users u ${match.where}`, match.params);
      return { rows, total: total!.n };
    },
    async findWithCounts(id) {
      await counts.beforeRead();
      return db.get<UserWithCounts>(`${withCounts} WHERE u.id = ?`, [id], LISTED_USER_SHAPE);
    },
    async languageOf(id) {
      const row = await db.get<{ language: string | null }>('SELECT language FROM users WHERE id = ?', [id]);
      return row?.language ?? null;
    },
    async setLanguage(id, language) {
      await db.run('UPDATE users SET language = ? WHERE id = ? AND (language IS NULL OR language <> ?)', [
        language,
        id,
        language,
      ]);
    },
    setDisabled: (id, disabled) => setDisabled(db, id, disabled),
    async update(id, changes) {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      const set = entries.map(([column]) => `${column} = ?`).join(', ');
      const values = [...entries.map(([, value]) => value as string), id];
      if (changes.email === undefined && changes.password_hash === undefined) {
        await db.run(`UPDATE users SET ${set} WHERE id = ?`, values);
        return;
      }
      await db.transaction(async (tx) => {
        await tx.run(`UPDATE users SET ${set} WHERE id = ?`, values);
        await dropAccountLinks(tx, id);
      });
    },
    replacePassword: (id, from, to) => replacePassword(db, id, from, to),
    async delete(id) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            // The personal team before the user row, the order every write of the account takes them
            // in (the team row for its limits, then the user row through a foreign key): taken the
            // other way, the cascade and those writes deadlock, and each deadlock costs a second.
            if (tx.engine === 'postgres') {
              await tx.get('SELECT id FROM teams WHERE personal_user_id = ? FOR UPDATE', [id]);
            }
            await refuseLastOwner(tx, id);
            // The clicks first, in one statement: SQLite keeps no index of clicks by link for the
            // cascade to use (the redirect path's writes stay cheaper without it).
            await tx.run('DELETE FROM clicks WHERE link_id IN (SELECT id FROM links WHERE user_id = ?)', [id]);
            await deleteLinksWhere(tx, 'user_id = ? OR team_id IN (SELECT id FROM teams WHERE personal_user_id = ?)', [
              id,
              id,
            ]);
            return (await tx.run('DELETE FROM users WHERE id = ?', [id])) > 0;
          });
        } catch (error) {
          // The cascade met one of the account's writes in a deadlock (PostgreSQL) and lost: the
          // write has ended since, so the deletion goes again rather than fail.
          if (!(error instanceof WriteCollided) || attempt >= MAX_DELETE_ATTEMPTS) throw error;
        }
      }
    },
  };
}
