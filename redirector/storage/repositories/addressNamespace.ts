/**
 * One address namespace (docs/api.md#domains-and-hubs-of-a-team): `/@<name>` is a user's hub handle
 * or a team's slug, never both. The database's unique indexes hold each table apart; this check
 * holds them together, inside the transaction that takes the name.
 */
import { UniqueViolation } from '../errors';
import type { Executor } from '../executor';

/** The class of the advisory locks this takes (two-key locks, apart from the one-key ones elsewhere). */
const ADDRESS_LOCK_CLASS = 7_304_117;

/**
 * Throws UniqueViolation(`column`) when `name` is taken by the other kind: a hub of another team than
 * `teamId` (for a slug), or another team's slug (for a handle). On PostgreSQL it first takes a lock
 * on the name until the transaction ends, so a hub and a team that ask at once take turns; SQLite's
 * one connection runs the transactions one at a time already.
 */
export async function holdAddress(tx: Executor, name: string, column: 'handle' | 'slug', teamId: number | null) {
  if (tx.engine === 'postgres')
    await tx.get(`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(?))`, [name]);
  const other =
    column === 'slug'
      ? await tx.get('SELECT 1 AS n FROM hubs WHERE handle = ? AND team_id <> ?', [name, teamId ?? 0])
      : await tx.get('SELECT 1 AS n FROM teams WHERE slug = ? AND id <> ?', [name, teamId ?? 0]);
  if (other !== undefined) throw new UniqueViolation(column);
}
