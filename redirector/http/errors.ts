/**
 * AppError carries a status and a message meant for a person. Like Koa's own rule, only such
 * errors show their message; anything else is logged and answered as a plain 500.
 */
import type { Context, Next } from 'koa';

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
  message?: string;
}

/** Maps any error to `{error}` JSON with a 4xx/5xx status. Never leaks a stack trace. */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (caught) {
    const { status, body } = toResponse(caught);
    if (status >= 500) console.error('[error]', ctx.method, ctx.path, caught);
    ctx.status = status;
    ctx.body = body;
  }
}

function toResponse(caught: unknown): { status: number; body: Record<string, unknown> } {
  if (caught instanceof AppError) return { status: caught.status, body: { ...caught.extra, error: caught.message } };
  const error = (caught ?? {}) as HttpishError;
  const status = error.status ?? error.statusCode ?? 500;
  if (status === 413 || error.type === 'entity.too.large') {
    return { status: 413, body: { error: 'Request body is too large (64 KiB at most)' } };
  }
  if (error.type === 'entity.parse.failed' || (status === 400 && /json/i.test(error.message ?? ''))) {
    return { status: 400, body: { error: 'Request body is not valid JSON' } };
  }
  if (status === 415) return { status: 415, body: { error: 'Request body must be JSON' } };
  if (status >= 400 && status < 500 && error.expose) {
    return { status, body: { error: error.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'Internal server error' } };
}
