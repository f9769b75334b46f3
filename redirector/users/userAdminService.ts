/**
 * The administrator's view of accounts (docs/api.md#users): a page of users with their links and
 * clicks, disabling and enabling one, deleting one with everything they own. A disabled account's
 * links stop redirecting at once: the redirect path's cache carries the owner's flag, so every
 * cached link of that owner is dropped here (on PostgreSQL a trigger tells the other instances).
 * `onOwnerChange` tells the caches outside links (the hub's pages, the verified domains) the same way.
 */
import type { AdminUser, UserListQuery, UsersPage } from '../contract/lists';
import { apiFields } from '../contract/times';
import type { LinkCache } from '../links/linkCache';
import { notFoundRule } from '../ruleError';
import type { UserWithCounts } from '../storage/records';
import type { Store } from '../storage/store';

export const USER_NOT_FOUND = 'User not found';

export interface UserAdminService {
  page(query: UserListQuery): Promise<UsersPage>;
  /** One user with their counts; RuleError 404 for an unknown id. */
  find(id: number): Promise<AdminUser>;
  /** The user after the change; RuleError 404 for an unknown id. */
  setDisabled(id: number, disabled: boolean): Promise<AdminUser>;
  /** Deletes the user, their links, clicks, sessions and API keys; RuleError 404 for an unknown id. */
  delete(id: number): Promise<void>;
}

export function toAdminUser(user: UserWithCounts): AdminUser {
  return apiFields(user, [
    'id',
    'name',
    'email',
    'custom_domain',
    'created_at',
    'links',
    'clicks',
    'disabled',
    'invited',
  ]);
}

/** What happened to an account, for the caches that keep something of its owner. */
export type OwnerChange = 'disabled' | 'enabled' | 'deleted';

export interface UserAdminServiceDeps {
  store: Store;
  linkCache: LinkCache;
  /** After each change here, before the call answers (docs/api.md#users). */
  onOwnerChange?: (userId: number, change: OwnerChange) => Promise<void>;
}

export function createUserAdminService(deps: UserAdminServiceDeps): UserAdminService {
  const { store, linkCache } = deps;
  return {
    async page(query) {
      const { rows, total } = await store.users.page({
        q: query.q,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { users: rows.map(toAdminUser), total };
    },
    async find(id) {
      const user = await store.users.findWithCounts(id);
      if (!user) throw notFoundRule(USER_NOT_FOUND);
      return toAdminUser(user);
    },
    async setDisabled(id, disabled) {
      if (!(await store.users.setDisabled(id, disabled))) throw notFoundRule(USER_NOT_FOUND);
      linkCache.invalidateOwner(id);
      await deps.onOwnerChange?.(id, disabled ? 'disabled' : 'enabled');
      const user = await store.users.findWithCounts(id);
      if (!user) throw notFoundRule(USER_NOT_FOUND);
      return toAdminUser(user);
    },
    async delete(id) {
      const deleted = await store.users.delete(id);
      linkCache.invalidateOwner(id);
      if (!deleted) throw notFoundRule(USER_NOT_FOUND);
      await deps.onOwnerChange?.(id, 'deleted');
    },
  };
}
