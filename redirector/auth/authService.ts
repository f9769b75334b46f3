/**
 * Who is calling: admin key or admin session token, user bearer token. Sessions are stored hashed.
 * Admin session tokens carry a tag of the admin key they were made with (tokens.ts).
 */
import { ADMIN_ACTOR, recordAudit } from '../audit/auditLog';
import type { AuditActor } from '../contract/audit';
import type { AfterWrite } from '../storage/executor';
import {
  NO_ORIGIN,
  type SessionKind,
  type SessionOrigin,
  type SessionRecord,
  type UserRecord,
} from '../storage/records';
import type { Store } from '../storage/store';
import {
  hashToken,
  madeWithAdminKey,
  newAdminSessionToken,
  newSessionId,
  newToken,
  SESSION_LIFETIME_MS,
  safeEqual,
} from './tokens';

const LAST_USE_PRECISION_MS = 60_000;

export interface AuthService {
  /** A new admin session token when the key is right; undefined otherwise. */
  adminLogin(key: string): Promise<string | undefined>;
  /** True for the admin key itself or a live admin session token. */
  isAdmin(apiKey: string): Promise<boolean>;
  /** The user behind a live user session token. */
  userForToken(token: string): Promise<UserRecord | undefined>;
  /** A new user session token; `origin` is what the session list shows of where it came from. */
  startUserSession(userId: number, origin?: SessionOrigin): Promise<string>;
  /**
   * An administrator session given by single sign-on to a member of OIDC_ADMIN_GROUPS: tied to
   * the user, so that it ends with the membership or the account (docs/api.md#single-sign-on).
   */
  startAdminSession(userId: number, origin?: SessionOrigin): Promise<string>;
  /** Revokes a session token (admin or user); unknown tokens are ignored. */
  revoke(token: string): Promise<void>;
}

const ADMIN_TARGET = { type: 'admin', id: null, label: 'admin' };

export function createAuthService(deps: { store: Store; adminKey: string; clock: () => number }): AuthService {
  const { store, adminKey, clock } = deps;

  /** An administrator's sign-in as the audit log keeps it (docs/api.md#audit-log): the key's, or single sign-on's user. */
  async function adminSignIn(userId: number | null): Promise<AfterWrite<void>> {
    const user = userId === null ? undefined : await store.users.findById(userId);
    const actor: AuditActor = user ? { type: 'sso', id: user.id, name: user.name } : ADMIN_ACTOR;
    const at = clock();
    return (tx) => recordAudit(tx, actor, { teamId: null, action: 'admin.signed_in', target: ADMIN_TARGET }, at);
  }

  async function startSession(kind: SessionKind, userId: number | null, origin = NO_ORIGIN): Promise<string> {
    // Sign-ins are rare next to clicks: a good moment to drop sessions that have run out.
    await store.sessions.deleteExpired(clock());
    const token = kind === 'admin' ? newAdminSessionToken(adminKey) : newToken();
    const now = clock();
    await store.sessions.create(
      {
        token_hash: hashToken(token),
        kind,
        user_id: userId,
        expires_at: now + SESSION_LIFETIME_MS,
        id: newSessionId(),
        created_at: now,
        last_used_at: now,
        ...origin,
      },
      kind === 'admin' ? await adminSignIn(userId) : undefined,
    );
    return token;
  }

  async function liveSession(token: string, kind: SessionKind): Promise<SessionRecord | undefined> {
    if (token === '') return undefined;
    const session = await store.sessions.find(hashToken(token));
    if (!session || session.kind !== kind) return undefined;
    if (session.expires_at <= clock()) {
      await store.sessions.delete(session.token_hash);
      return undefined;
    }
    return session;
  }

  return {
    async adminLogin(key) {
      return safeEqual(key, adminKey) ? startSession('admin', null) : undefined;
    },
    async isAdmin(apiKey) {
      if (safeEqual(apiKey, adminKey)) return true;
      if (!madeWithAdminKey(apiKey, adminKey)) return false;
      const session = await liveSession(apiKey, 'admin');
      if (session?.user_id == null) return session !== undefined;
      // Single sign-on's: its user must still exist and be enabled.
      const user = await store.users.findById(session.user_id);
      return user !== undefined && !user.disabled;
    },
    async userForToken(token) {
      const session = await liveSession(token, 'user');
      if (session?.user_id == null) return undefined;
      const now = clock();
      // The session list shows each session's last use to the minute: one write a minute, not one a call.
      if (session.last_used_at <= now - LAST_USE_PRECISION_MS) {
        await store.sessions.touch(session.token_hash, now, now - LAST_USE_PRECISION_MS);
      }
      return store.users.findById(session.user_id);
    },
    startUserSession(userId, origin) {
      return startSession('user', userId, origin);
    },
    startAdminSession(userId, origin) {
      return startSession('admin', userId, origin);
    },
    async revoke(token) {
      await store.sessions.delete(hashToken(token));
    },
  };
}
