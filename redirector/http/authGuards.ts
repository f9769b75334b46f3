/**
 * Middleware that proves who calls: X-API-Key for the administrator, Bearer token for a user. Each
 * check goes through checkCredential, so wrong keys and tokens count toward the client's limit.
 */
import type { Context, Next } from 'koa';
import { checkCredential } from '../auth/limitedAttempts';
import { ACCOUNT_DISABLED } from '../contract/lists';
import type { Services } from '../services';
import type { UserRecord } from '../storage/records';
import { unauthorized } from './errors';

export interface UserState {
  user: UserRecord;
}

export function apiKeyOf(ctx: Context): string {
  return ctx.get('X-API-Key').trim();
}

export function bearerOf(ctx: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization').trim());
  return match?.[1] ?? '';
}

type GuardServices = Pick<Services, 'auth' | 'limiter'>;

export function requireAdmin({ auth, limiter }: GuardServices) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const key = apiKeyOf(ctx);
    if (key === '') throw unauthorized('Admin key required');
    const admin = await checkCredential(limiter, ctx.ip, async () => ((await auth.isAdmin(key)) ? true : undefined));
    if (!admin) throw unauthorized('Invalid or expired admin key');
    await next();
  };
}

export function requireUser({ auth, limiter }: GuardServices) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = bearerOf(ctx);
    if (token === '') throw unauthorized('Sign in required');
    const user = await checkCredential(limiter, ctx.ip, () => auth.userForToken(token));
    if (!user) throw unauthorized('Session expired, please sign in again');
    if (user.disabled) throw unauthorized(ACCOUNT_DISABLED);
    (ctx.state as UserState).user = user;
    await next();
  };
}
