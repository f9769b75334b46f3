/**
 * Single sign-on's rules (docs/api.md#single-sign-on): a sign-in's state (single use, 10 minutes)
 * kept server-side with its PKCE verifier and nonce; the account found by the provider's `sub`,
 * else by a verified email (then linked), else made unless OIDC_NEW_USERS=off; administrator
 * sessions for OIDC_ADMIN_GROUPS, taken away with the membership; team roles from OIDC_TEAM_GROUPS
 * (ssoTeams.ts); a one-time hand-off (2 minutes) that turns a finished sign-in into the browser's
 * sessions. The state and the hand-off count only in the browser that started the sign-in (its
 * binding, kept in a cookie by ssoRoutes.ts).
 */
import type { SsoFailure, SsoSessionResponse } from '../contract/auth';
import { log } from '../observability/logger';
import { ReferenceGone, UniqueViolation, WriteCollided } from '../storage/errors';
import type { SessionOrigin, UserRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { accountFields, toApiUser } from './accountService';
import type { AuthService } from './authService';
import type { SignInClaims, SsoClient } from './ssoClient';
import type { SsoConfig } from './ssoConfig';
import { syncTeamRoles } from './ssoTeams';
import { hashToken, newToken } from './tokens';

export const STATE_LIFETIME_MS = 10 * 60 * 1000;
export const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;
/** The password hash of an account made by single sign-on: no password matches it. */
export const SSO_ONLY_PASSWORD = '!sso';
const MAX_NAME_LENGTH = 100;

export type SsoSession = SsoSessionResponse;

export interface SsoService {
  readonly config: SsoConfig;
  /**
   * The provider's authorization address and the browser's binding (a secret the start's browser
   * keeps in a cookie: the callback and the hand-off count only in that browser), or 'unavailable'
   * when the provider does not answer.
   */
  start(): Promise<{ url: string; browser: string } | { failure: 'unavailable' }>;
  /**
   * The provider's answer (the callback's query) in a browser holding the bindings `browsers` (one
   * per sign-in it started, in several tabs): a one-time hand-off, or why not.
   */
  finish(query: URLSearchParams, browsers: readonly string[]): Promise<{ handoff: string } | { failure: SsoFailure }>;
  /**
   * The sessions a hand-off stands for, in the browser that started it, and the binding that proved
   * it (undefined for a sign-in kept before bindings); undefined when it is unknown, used, expired or another's.
   */
  redeem(
    handoff: string,
    origin: SessionOrigin,
    browsers: readonly string[],
  ): Promise<{ session: SsoSession; binding: string | undefined } | undefined>;
  /** Where the browser signs out at the provider; undefined when the provider has no such address. */
  signOutUrl(): Promise<string | undefined>;
}

interface StatePayload {
  verifier: string;
  nonce: string;
  /** The hash of the browser's binding (absent in a state kept before bindings). */
  browser?: string;
}

interface HandoffPayload {
  user: number;
  admin: boolean;
  browser?: string;
}

/**
 * Whether a ticket kept for the browser whose binding hashes to `kept` is presented by that browser
 * (one of the bindings it holds): a sign-in started in one browser and finished in another (a link
 * to the callback or to the login screen with a hand-off, sent to a victim) would sign that browser
 * in as someone else (login CSRF). The binding that proves it, true for a ticket kept before
 * bindings, false when none does.
 */
const bindingOf = (kept: string | undefined, browsers: readonly string[]): string | boolean =>
  kept === undefined || (browsers.find((browser) => browser !== '' && hashToken(browser) === kept) ?? false);

export interface SsoDeps {
  config: SsoConfig;
  publicUrl: string;
  store: Store;
  auth: AuthService;
  client: SsoClient;
  clock: () => number;
}

/**
 * One line, with the library's reason and its cause's (which names the claim that failed); never a
 * token, code or secret: they are not in these messages, only in the errors' other fields.
 */
function logFailure(what: string, error: unknown): void {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
  log.warn(`single sign-on: ${what}: ${reason.replace(/\s+/g, ' ').slice(0, 200)}`);
}

export function groupsOf(claims: SignInClaims, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}

/**
 * The new account's name from the provider's claims, without control characters or lone surrogates:
 * PostgreSQL refuses a NUL in text, and each store would keep a lone surrogate differently.
 */
function nameOf(claims: SignInClaims, email: string | undefined): string {
  const given = [claims.given_name, claims.family_name].filter((part) => typeof part === 'string').join(' ');
  const candidates = [claims.name, claims.preferred_username, given, email?.split('@')[0]]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/[\p{Cc}\p{Cs}]/gu, '').trim());
  const name = candidates.find((value) => value !== '') ?? 'User';
  return [...name].slice(0, MAX_NAME_LENGTH).join('');
}

/**
 * The account of a provider identity: the one linked to its `sub`, else one with its verified
 * email (then linked), else a new one unless OIDC_NEW_USERS=off; or why there is none.
 */
async function accountFor(
  deps: Pick<SsoDeps, 'config' | 'store' | 'clock'>,
  claims: SignInClaims,
  again = true,
): Promise<UserRecord | SsoFailure> {
  const { config, store, clock } = deps;
  const known = await store.sso.userOf(config.issuer, claims.sub);
  const linked = known === undefined ? undefined : await store.users.findById(known);
  if (linked) return linked;
  const parsed = accountFields.email.safeParse(claims.email);
  const email = parsed.success ? parsed.data : undefined;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const existing = email === undefined ? undefined : await store.users.findByEmail(email);
  if (existing) {
    // An unverified email, or an account that already has another identity here, links nothing;
    // unless that identity is this one, linked meanwhile by a sign-in at the same moment (a second tab).
    if (!verified || (await store.sso.hasIdentity(config.issuer, existing.id))) {
      return (await store.sso.userOf(config.issuer, claims.sub)) === existing.id ? existing : 'email-taken';
    }
    // A disabled account is refused (finish) and gets no identity linked meanwhile.
    if (existing.disabled) return existing;
    // Another identity with this email may link it at the same moment: the first one does.
    const link = { issuer: config.issuer, subject: claims.sub, user_id: existing.id, created_at: clock() };
    return (await store.sso.linkFirst(link)) ? existing : 'email-taken';
  }
  if (!config.newUsers) return 'no-account';
  if (email === undefined) return 'no-email';
  let user: UserRecord;
  try {
    const name = nameOf(claims, email);
    user = await store.users.create({ name, email, password_hash: SSO_ONLY_PASSWORD, created_at: clock() });
  } catch (error) {
    // Made meanwhile, by a sign-in of the same identity at the same moment or by anyone: looked up again, once.
    if (error instanceof UniqueViolation) return again ? accountFor(deps, claims, false) : 'email-taken';
    throw error;
  }
  await store.sso.link({ issuer: config.issuer, subject: claims.sub, user_id: user.id, created_at: clock() });
  return user;
}

/** Keeps a single-use ticket (a sign-in's state or a hand-off) as a hash, for `lifetime` ms. */
async function keepTicket(
  { store, clock }: Pick<SsoDeps, 'store' | 'clock'>,
  kind: 'state' | 'handoff',
  token: string,
  payload: StatePayload | HandoffPayload,
  lifetime: number,
): Promise<void> {
  const now = clock();
  await store.sso.putTicket(
    { ticket_hash: hashToken(token), kind, payload: JSON.stringify(payload), expires_at: now + lifetime },
    now,
  );
}

/** A checked sign-in's account, its groups' roles and sessions, and the one-time hand-off; or why none. */
async function handOff(
  deps: SsoDeps,
  claims: SignInClaims,
  bound: string | undefined,
): Promise<{ handoff: string } | { failure: SsoFailure }> {
  const { config, store, clock } = deps;
  const account = await accountFor(deps, claims);
  if (typeof account === 'string') {
    log.warn(`single sign-on: no account for a provider identity (${account})`);
    return { failure: account };
  }
  if (account.disabled) return { failure: 'disabled' };
  const groups = groupsOf(claims, config.groupsClaim);
  const admin = config.adminGroups.some((group) => groups.includes(group));
  await syncTeamRoles({ store, clock, mapping: config.teamGroups }, account, groups);
  // The membership is the provider's to give: gone from the groups, gone from every session.
  if (!admin) await store.sessions.deleteAdminOf(account.id);
  const handoff = newToken();
  const payload: HandoffPayload = { user: account.id, admin, browser: bound };
  await keepTicket(deps, 'handoff', handoff, payload, HANDOFF_LIFETIME_MS);
  return { handoff };
}

export function createSsoService(deps: SsoDeps): SsoService {
  const { config, store, auth, client, clock } = deps;
  const callbackUrl = `${deps.publicUrl}/api/auth/oidc/callback`;

  return {
    config,

    async start() {
      const state = newToken();
      const browser = newToken();
      let request: Awaited<ReturnType<SsoClient['start']>>;
      try {
        request = await client.start(state);
      } catch (error) {
        logFailure('the provider did not answer', error);
        return { failure: 'unavailable' };
      }
      const payload: StatePayload = {
        verifier: request.codeVerifier,
        nonce: request.nonce,
        browser: hashToken(browser),
      };
      await keepTicket(deps, 'state', state, payload, STATE_LIFETIME_MS);
      return { url: request.url, browser };
    },

    async finish(query, browsers) {
      const state = query.get('state') ?? '';
      // Taken before anything else: a replayed, foreign or expired state ends here, single use.
      const kept = state === '' ? undefined : await store.sso.takeTicket(hashToken(state), 'state', clock());
      if (kept === undefined) {
        log.warn('single sign-on: a callback with an unknown, used or expired state');
        return { failure: 'failed' };
      }
      const { verifier, nonce, browser: bound } = JSON.parse(kept) as StatePayload;
      if (bindingOf(bound, browsers) === false) {
        log.warn('single sign-on: a callback in another browser than the one that started the sign-in');
        return { failure: 'failed' };
      }
      let claims: SignInClaims;
      try {
        claims = await client.finish(new URL(`${callbackUrl}?${query}`), { state, codeVerifier: verifier, nonce });
      } catch (error) {
        logFailure('sign-in refused', error);
        return { failure: 'failed' };
      }
      try {
        return await handOff(deps, claims, bound);
      } catch (error) {
        // The account was deleted while this sign-in wrote for it (an identity, a membership): the
        // login screen says the sign-in failed, as for any other failure, never a JSON page.
        if (!(error instanceof ReferenceGone || error instanceof WriteCollided)) throw error;
        log.warn('single sign-on: the account was deleted during its sign-in');
        return { failure: 'failed' };
      }
    },

    async redeem(handoff, origin, browsers) {
      if (handoff === '') return undefined;
      const kept = await store.sso.takeTicket(hashToken(handoff), 'handoff', clock());
      if (kept === undefined) return undefined;
      const payload = JSON.parse(kept) as HandoffPayload;
      const binding = bindingOf(payload.browser, browsers);
      if (binding === false) return undefined;
      const user = await store.users.findById(payload.user);
      if (!user || user.disabled) return undefined;
      let token: string;
      let apiKey: string | undefined;
      try {
        token = await auth.startUserSession(user.id, origin);
        apiKey = payload.admin ? await auth.startAdminSession(user.id, origin) : undefined;
      } catch (error) {
        // Deleted meanwhile: a hand-off of an account that is gone, as after the look-up above.
        if (error instanceof ReferenceGone || error instanceof WriteCollided) return undefined;
        throw error;
      }
      const session = { token, user: toApiUser(user), ...(apiKey === undefined ? {} : { apiKey }) };
      return { session, binding: typeof binding === 'string' ? binding : undefined };
    },

    async signOutUrl() {
      try {
        return await client.endSessionUrl(`${deps.publicUrl}/login`);
      } catch (error) {
        logFailure('the provider did not answer', error);
        return undefined;
      }
    },
  };
}
