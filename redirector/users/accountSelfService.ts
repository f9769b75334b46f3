/**
 * What signed-in users do with their own account (docs/api.md#accounts): change name, email and
 * password (the last two need the current password; a new password ends every other session),
 * list and end their sessions, delete the account with everything it owns.
 */
import { z } from 'zod';
import { accountFields, EMAIL_TAKEN, NO_PASSWORD, parseWith, toAccountUser } from '../auth/accountService';
import type { AuthService } from '../auth/authService';
import { type CurrentPasswordLimits, checkCurrentPassword } from '../auth/currentPassword';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import {
  type AccountUser,
  CURRENT_PASSWORD_WRONG,
  RECENT_SIGN_IN_MS,
  type SessionInfo,
  SIGN_IN_AGAIN_TO_CONFIRM,
} from '../contract/account';
import { notFoundRule, RuleError, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import { hasPassword, type UserRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { parseUserAgent } from '../visits/visitor';
import type { UserAdminService } from './userAdminService';

export const SESSION_NOT_FOUND = 'Session not found';

const accountUpdate = z.object(
  {
    name: accountFields.name.optional(),
    email: accountFields.email.optional(),
    password: accountFields.password.optional(),
    current_password: z.string({ error: 'current_password must be text' }).optional(),
  },
  { error: 'Request body must be an object with name, email, password or current_password' },
);

export interface AccountSelfService {
  /**
   * Changes what the body gives; `token` is the caller's session, kept when the password changes;
   * `address` is the caller's, whose wrong current passwords are counted (auth/currentPassword.ts).
   */
  update(user: UserRecord, body: unknown, token: string, address: string): Promise<AccountUser>;
  sessions(user: UserRecord, token: string): Promise<SessionInfo[]>;
  /** Ends the session with `id`, or every session but the caller's; how many ended. */
  endSessions(user: UserRecord, token: string, id: string | undefined): Promise<number>;
  /** RuleError 403 unless `password` is the account's (or, without one, `token` recent); counted as update's. */
  delete(user: UserRecord, password: unknown, token: string, address: string): Promise<void>;
}

/**
 * What confirms an email or password change and a deletion (docs/api.md#the-account-of-the-signed-in-user):
 * the account's password; for an account without one, a session `token` started within
 * RECENT_SIGN_IN_MS, whatever the body says (nothing to count in the limiter).
 */
async function confirm(
  deps: { store: Store; clock: () => number; limits: CurrentPasswordLimits },
  user: UserRecord,
  confirmation: { password: unknown; token: string; address: string },
): Promise<void> {
  if (hasPassword(user)) {
    await requirePassword(deps.limits, user, confirmation.password, confirmation.address);
    return;
  }
  const session = await deps.store.sessions.find(hashToken(confirmation.token));
  const recent = session?.user_id === user.id && session.created_at > deps.clock() - RECENT_SIGN_IN_MS;
  if (!recent) throw new RuleError(403, SIGN_IN_AGAIN_TO_CONFIRM);
}

async function requirePassword(
  limits: CurrentPasswordLimits,
  user: UserRecord,
  password: unknown,
  address: string,
): Promise<void> {
  const given = typeof password === 'string' ? password : '';
  const right = await checkCurrentPassword(
    limits,
    address,
    user.id,
    async () => user.password_hash !== NO_PASSWORD && (await verifyPassword(given, user.password_hash)),
  );
  if (!right) throw new RuleError(403, CURRENT_PASSWORD_WRONG);
}

export function createAccountSelfService(deps: {
  store: Store;
  auth: AuthService;
  users: UserAdminService;
  clock: () => number;
  limits: CurrentPasswordLimits;
}): AccountSelfService {
  const { store, users, clock } = deps;
  return {
    async update(user, body, token, address) {
      const changes = parseWith(accountUpdate, body, 'Invalid account change');
      const email = changes.email !== undefined && changes.email !== user.email ? changes.email : undefined;
      if (email !== undefined || changes.password !== undefined) {
        await confirm(deps, user, { password: changes.current_password, token, address });
      }
      const password_hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
      try {
        await store.users.update(user.id, { name: changes.name, email, password_hash });
      } catch (error) {
        if (error instanceof UniqueViolation) throw taken(EMAIL_TAKEN);
        throw error;
      }
      if (password_hash !== undefined) await store.sessions.deleteForUser(user.id, hashToken(token));
      const updated = await store.users.findById(user.id);
      if (!updated) throw notFoundRule('User not found');
      return toAccountUser(updated);
    },

    async sessions(user, token) {
      const own = hashToken(token);
      const rows = await store.sessions.listForUser(user.id, clock());
      return rows.map((row) => ({
        id: row.id,
        created_at: new Date(row.created_at).toISOString(),
        last_used_at: new Date(row.last_used_at).toISOString(),
        current: row.token_hash === own,
        ...deviceOf(row.user_agent),
        country: row.country,
        city: row.city,
      }));
    },

    async endSessions(user, token, id) {
      if (id === undefined) return store.sessions.deleteForUser(user.id, hashToken(token));
      if (!(await store.sessions.deleteById(user.id, id))) throw notFoundRule(SESSION_NOT_FOUND);
      return 1;
    },

    async delete(user, password, token, address) {
      await confirm(deps, user, { password, token, address });
      await users.delete(user.id);
    },
  };
}

/** The browser and system a session signed in with, read when listed (ua-parser-js, as for clicks). */
function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (userAgent === null) return { browser: null, os: null };
  const { browser, os } = parseUserAgent(userAgent);
  return { browser, os };
}
