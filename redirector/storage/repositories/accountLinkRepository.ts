/** One-time invitation and reset links (docs/api.md#accounts): at most one per user, used once. */
import type { Executor } from '../executor';
import type { AccountLinkRecord } from '../records';
import type { AccountLinkRepository } from '../store';

export function createAccountLinkRepository(db: Executor): AccountLinkRepository {
  return {
    replace(link) {
      return db.transaction(async (tx) => {
        // A newer link cancels older ones.
        await tx.run('DELETE FROM account_links WHERE user_id = ?', [link.user_id]);
        await tx.run(
          'INSERT INTO account_links (token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          [link.token_hash, link.user_id, link.kind, link.created_at, link.expires_at],
        );
      });
    },
    // One statement: of two requests with the same token, only one gets the row.
    consume: (tokenHash) =>
      db.get<AccountLinkRecord>(
        'DELETE FROM account_links WHERE token_hash = ? RETURNING token_hash, user_id, kind, created_at, expires_at',
        [tokenHash],
      ),
    find: (tokenHash) =>
      db.get<AccountLinkRecord>(
        'SELECT token_hash, user_id, kind, created_at, expires_at FROM account_links WHERE token_hash = ?',
        [tokenHash],
      ),
  };
}
