/**
 * AppError carries a status and a message meant for a person. Like Koa's own rule, only such
 * errors show their message; anything else is answered as a plain 500 and logged without its
 * message or any property: messages and properties of errors can hold request bodies, passwords
 * and tokens (a JSON parser quotes the text it failed on), the stack frames cannot.
 */
import type { Context, Next } from 'koa';
import { TooManyAttempts } from '../auth/limitedAttempts';
import { logUnexpectedError } from '../observability/errorLog';
import { TryLater } from '../ruleError';
import type { DatabaseHealth } from '../storage/databaseHealth';
import { closeConnectionAfterAnswer, leavesBodyUnread } from './connectionClose';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'Not allowed') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  code?: unknown;
  message?: string;
}

export function setRetryAfter(ctx: Context, error: { retryAfterMs: number }): void {
  ctx.set('Retry-After', String(Math.ceil(error.retryAfterMs / 1000)));
}

/** Maps any error to `{error}` JSON with a 4xx/5xx status. Never leaks a stack trace. */
export function createErrorMiddleware(health?: Pick<DatabaseHealth, 'trouble'>) {
  return async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (caught) {
      // Not a fault of ours: an outage told once by the health, or a busy pool, answered 503
      // (docs/api.md#when-the-database-is-unreachable, #when-the-database-is-busy).
      const trouble = health?.trouble(caught);
      if (trouble) {
        ctx.set('Retry-After', String(trouble.retryAfterSeconds));
        ctx.status = 503;
        ctx.body = { error: trouble.message };
        return;
      }
      const { status, body } = toResponse(caught);
      if (status >= 500) logServerError(ctx, caught);
      if (caught instanceof TooManyAttempts || caught instanceof TryLater) setRetryAfter(ctx, caught);
      if (leavesBodyUnread(ctx, status)) closeConnectionAfterAnswer(ctx);
      ctx.status = status;
      ctx.body = body;
    }
  };
}

function toResponse(caught: unknown): { status: number; body: Record<string, unknown> } {
  if (caught instanceof AppError) return { status: caught.status, body: { ...caught.extra, error: caught.message } };
  const error = (caught ?? {}) as HttpishError;
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 400 && status < 500 && error.expose) {
    return { status, body: { error: error.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'Internal server error' } };
}

/** One line per error, through the service's logger (observability/errorLog.ts). */
export function logServerError(ctx: Pick<Context, 'method' | 'path'>, caught: unknown): void {
  logUnexpectedError(ctx.method, ctx.path, caught);
}
