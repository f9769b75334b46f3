/**
 * Middleware that proves who calls: X-API-Key for the administrator, Bearer token for a user. Each
 * check goes through checkCredential, so wrong keys and tokens count toward the client's limit.
 * Either header may carry an API key of that side (docs/api.md#api-keys); the state says which
 * kind of credential it was, so that managing keys can refuse API keys.
 *
 * Each guard resolves the call's scope once (docs/api.md#scope-who-a-call-acts-for) and puts it in
 * ctx.state.scope; routers hand that scope to the services, never a bare user id.
 */
import type { Context, Next } from 'koa';
import { checkCredential } from '../auth/limitedAttempts';
import { adminScope, adminTeamScope, type Scope, type ScopeCredential } from '../auth/scope';
import { ACCOUNT_DISABLED } from '../contract/lists';
import { ADMIN_MAKES_NO_TEAM_KEYS, TEAM_NOT_FOUND } from '../contract/teams';
import type { Services } from '../services';
import type { UserRecord } from '../storage/records';
import type { ApiKeyRecord } from '../storage/repositories/apiKeyRepository';
import { forbidden, notFound, unauthorized } from './errors';
import { checkTeamRule, isTeamCall, teamRefOf, userCallScope } from './teamRule';

/** 'sign-in': the admin key itself or a session token; 'api-key': an API key. */
export type CredentialKind = ScopeCredential;

/** A signed-in user's call: the account itself (the subject of account calls) and its scope. */
export interface UserState {
  user: UserRecord;
  credential: CredentialKind;
  scope: Scope;
}

export interface AdminState {
  credential: CredentialKind;
  scope: Scope;
}

/** The scope the request's guard resolved (docs/api.md#scope-who-a-call-acts-for). */
export function scopeOf(ctx: Context): Scope {
  const { scope } = ctx.state as Partial<AdminState>;
  if (!scope) throw new Error('scopeOf: no guard resolved this request’s scope');
  return scope;
}

export function apiKeyOf(ctx: Context): string {
  return ctx.get('X-API-Key').trim();
}

export function bearerOf(ctx: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization').trim());
  return match?.[1] ?? '';
}

export type GuardServices = Pick<Services, 'auth' | 'limiter' | 'apiKeys' | 'store'>;

/** How `key` proves the administrator, or undefined when it does not. */
async function adminCredential({ auth, apiKeys }: GuardServices, key: string): Promise<CredentialKind | undefined> {
  if (await apiKeys.isAdminKey(key)) return 'api-key';
  return (await auth.isAdmin(key)) ? 'sign-in' : undefined;
}

async function userCredential(
  { auth, apiKeys }: GuardServices,
  token: string,
): Promise<{ user: UserRecord; credential: CredentialKind; key?: ApiKeyRecord } | undefined> {
  const keyed = await apiKeys.keyForSecret(token);
  if (keyed) return { user: keyed.user, credential: 'api-key', key: keyed.key };
  const user = await auth.userForToken(token);
  return user ? { user, credential: 'sign-in' } : undefined;
}

/** The messages of one side's guard: no credential at all, and one that proves nobody. */
interface GuardTexts {
  missing: string;
  invalid: string;
}

/**
 * A guard that reads a credential from the request, checks it through the limiter and hands what
 * it proved to `admit`, which may still refuse (a disabled account).
 */
function guard<Proof>(
  services: GuardServices,
  read: (ctx: Context) => string,
  prove: (services: GuardServices, secret: string) => Promise<Proof | undefined>,
  texts: GuardTexts,
  admit: (ctx: Context, proof: Proof) => void | Promise<void>,
) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const secret = read(ctx);
    if (secret === '') throw unauthorized(texts.missing);
    const proof = await checkCredential(services.limiter, ctx.ip, () => prove(services, secret));
    if (!proof) throw unauthorized(texts.invalid);
    await admit(ctx, proof);
    await next();
  };
}

/**
 * Whether the request's credential still proves who it proved (X-API-Key: the administrator; a
 * bearer: an account that is not disabled), asked again later without the limiter: for a
 * connection that outlives its request, the live stream.
 */
export function stillProven(services: GuardServices, ctx: Context): () => Promise<boolean> {
  const key = apiKeyOf(ctx);
  if (key !== '') return async () => (await adminCredential(services, key)) !== undefined;
  const token = bearerOf(ctx);
  return async () => {
    const caller = await userCredential(services, token);
    return caller !== undefined && !caller.user.disabled;
  };
}

/**
 * The administrator's scope: its own (every team's links and figures), or with `X-Team` / `?team=`
 * the team it acts on as an owner would (docs/api.md#the-administrator-on-a-team); 404 for no such
 * team; a team's keys it lists and deletes but does not make (403: a key acts as its maker).
 */
async function adminCallScope(store: GuardServices['store'], ctx: Context, credential: CredentialKind): Promise<Scope> {
  const ref = teamRefOf(ctx);
  if (ref === undefined) return adminScope(credential);
  if (ctx.path.startsWith('/api/keys') && ctx.method === 'POST') throw forbidden(ADMIN_MAKES_NO_TEAM_KEYS);
  const team = await store.teams.byRef(ref);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  const scope = adminTeamScope(credential, team);
  // A team and its members are changed with a sign-in, as its owners' are: an admin API key → 403.
  if (ctx.path.startsWith('/api/teams')) checkTeamRule(ctx, scope);
  return scope;
}

export function requireAdmin(services: GuardServices) {
  const texts = { missing: 'Admin key required', invalid: 'Invalid or expired admin key' };
  return guard(services, apiKeyOf, adminCredential, texts, async (ctx, credential) => {
    const scope = await adminCallScope(services.store, ctx, credential);
    Object.assign(ctx.state as AdminState, { credential, scope } satisfies AdminState);
  });
}

/**
 * A user's call: the bearer's account in the team the call names. The administrator (`X-API-Key`)
 * naming a team makes the same calls on that team's things as its owner would
 * (docs/api.md#the-administrator-on-a-team), decided here for every user route at once; the
 * account's own calls and the caller's memberships stay a user's.
 */
export function requireUser(services: GuardServices) {
  const admin = requireAdmin(services);
  const user = requireSignedInUser(services);
  return (ctx: Context, next: Next) => (adminOnTeam(ctx) ? admin : user)(ctx, next);
}

/** Whether the call is the administrator's on a team's things (see requireUser). */
function adminOnTeam(ctx: Context): boolean {
  return apiKeyOf(ctx) !== '' && isTeamCall(ctx.method, ctx.path) && teamRefOf(ctx) !== undefined;
}

function requireSignedInUser(services: GuardServices) {
  const texts = { missing: 'Sign in required', invalid: 'Session expired, please sign in again' };
  return guard(services, bearerOf, userCredential, texts, async (ctx, caller) => {
    if (caller.user.disabled) throw unauthorized(ACCOUNT_DISABLED);
    const scope = await userCallScope(services.store, ctx, caller.user, caller.key);
    checkTeamRule(ctx, scope);
    Object.assign(ctx.state as UserState, {
      user: caller.user,
      credential: caller.credential,
      scope,
    } satisfies UserState);
  });
}

/**
 * X-API-Key: the administrator (its own webhooks and keys, every link); otherwise the bearer's
 * account. Either way ctx.state.scope says which.
 */
export function requireCaller(services: GuardServices) {
  const admin = requireAdmin(services);
  const user = requireSignedInUser(services);
  return (ctx: Context, next: Next) => (apiKeyOf(ctx) !== '' ? admin : user)(ctx, next);
}
