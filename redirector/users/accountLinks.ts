/**
 * One-time invitation and reset links (docs/api.md#accounts): `${PUBLIC_URL}/reset/<token>`, never
 * built from a request's host, so that a forged Host header cannot send a link elsewhere. The token
 * is stored only as its hash; a newer link for a user replaces the older one; using a link sets the
 * password, ends every session of the user and starts a new one.
 */
import { accountFields, parseWith } from '../auth/accountService';
import type { AuthService } from '../auth/authService';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import {
  ACCOUNT_LINK_INVALID,
  type AccountLinkResponse,
  INVITATION_LIFETIME_MS,
  RESET_LIFETIME_MS,
} from '../contract/account';
import { ACCOUNT_DISABLED } from '../contract/lists';
import { invalidInput, notFoundRule, RuleError } from '../ruleError';
import type { AccountLinkKind, SessionOrigin, UserRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { USER_NOT_FOUND } from './userAdminService';

export interface AccountLinkService {
  /** A new link for the user, cancelling older ones; RuleError 404 for an unknown user. */
  issue(userId: number, kind: AccountLinkKind): Promise<AccountLinkResponse>;
  /**
   * Sets the password of the link's user (RuleError 400 for a short one, the link kept), ends
   * their sessions and signs them in. RuleError 400 for a link unknown, used or expired.
   */
  use(token: unknown, password: unknown, origin?: SessionOrigin): Promise<{ token: string; user: UserRecord }>;
  /** Sets a user's password and ends every session of theirs (the command line's set-password). */
  setPassword(userId: number, password: unknown): Promise<void>;
}

const LIFETIMES: Record<AccountLinkKind, number> = { invite: INVITATION_LIFETIME_MS, reset: RESET_LIFETIME_MS };
/** newToken()'s length: anything else is no token of ours, and costs no database call. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function createAccountLinkService(deps: {
  store: Store;
  auth: AuthService;
  clock: () => number;
  publicUrl: string;
}): AccountLinkService {
  const { store, auth, clock, publicUrl } = deps;
  const newPassword = (password: unknown) => parseWith(accountFields.password, password, 'Invalid password');

  return {
    async issue(userId, kind) {
      if (!(await store.users.findById(userId))) throw notFoundRule(USER_NOT_FOUND);
      const token = newToken();
      const now = clock();
      const expires = now + LIFETIMES[kind];
      await store.accountLinks.replace({
        token_hash: hashToken(token),
        user_id: userId,
        kind,
        created_at: now,
        expires_at: expires,
      });
      return { url: `${publicUrl}/reset/${token}`, expires_at: new Date(expires).toISOString() };
    },

    async use(token, password, origin) {
      // Checked first: a password too short keeps the link for a second try.
      const chosen = newPassword(password);
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw invalidInput(ACCOUNT_LINK_INVALID);
      const tokenHash = hashToken(token);
      const found = await store.accountLinks.find(tokenHash);
      const user = found && (await store.users.findById(found.user_id));
      if (!found || !user || found.expires_at <= clock()) throw invalidInput(ACCOUNT_LINK_INVALID);
      if (user.disabled) throw new RuleError(401, ACCOUNT_DISABLED);
      const password_hash = await hashPassword(chosen);
      // The one step that decides: of two uses at once, one gets the row.
      const consumed = await store.accountLinks.consume(tokenHash);
      if (!consumed || consumed.expires_at <= clock()) throw invalidInput(ACCOUNT_LINK_INVALID);
      // A password changed since the link was read cancelled the link (docs/api.md#accounts): it stays.
      if (!(await store.users.replacePassword(user.id, user.password_hash, password_hash))) {
        throw invalidInput(ACCOUNT_LINK_INVALID);
      }
      await store.sessions.deleteForUser(user.id, '');
      const session = await auth.startUserSession(user.id, origin);
      // Changed after ours, its sessions ended before ours began: ours ends too, as the change meant.
      if ((await store.users.findById(user.id))?.password_hash !== password_hash) {
        await auth.revoke(session);
        throw invalidInput(ACCOUNT_LINK_INVALID);
      }
      return { token: session, user: { ...user, password_hash } };
    },

    async setPassword(userId, password) {
      const password_hash = await hashPassword(newPassword(password));
      await store.users.update(userId, { password_hash });
      await store.sessions.deleteForUser(userId, '');
    },
  };
}
