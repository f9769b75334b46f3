/** Middleware that proves who calls: X-API-Key for the administrator, Bearer token for a user. */
import type { Context, Next } from 'koa';
import type { AuthService } from '../auth/authService';
import { ACCOUNT_DISABLED } from '../contract/lists';
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

export function requireAdmin(auth: AuthService) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const key = apiKeyOf(ctx);
    if (key === '') throw unauthorized('Admin key required');
    if (!(await auth.isAdmin(key))) throw unauthorized('Invalid or expired admin key');
    await next();
  };
}

export function requireUser(auth: AuthService) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = bearerOf(ctx);
    if (token === '') throw unauthorized('Sign in required');
    const user = await auth.userForToken(token);
    if (!user) throw unauthorized('Session expired, please sign in again');
    if (user.disabled) throw unauthorized(ACCOUNT_DISABLED);
    (ctx.state as UserState).user = user;
    await next();
  };
}
