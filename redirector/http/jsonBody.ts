/**
 * Reading /api request input (docs/api.md#rules-for-every-call): every body is parsed as JSON
 * whatever its Content-Type (curl -d sends a form type), at most 64 KiB once decoded, and every
 * failure to read one is a 4xx. Then every text of the body and the query is checked once here, so
 * that no NUL (PostgreSQL refuses it in text, and password hashing ignores trailing ones), lone
 * surrogate or absurd nesting reaches the rules or a store.
 */
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError, badRequest } from './errors';

export const BODY_LIMIT = '64kb';
/** Far deeper than any call's body; a bound so that no walk over a body can be made to run long. */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_LARGE = 'Request body is too large (64 KiB at most)';
export const BODY_NOT_JSON = 'Request body is not valid JSON';
export const BODY_PROTO_KEY = 'Request body must not contain a "__proto__" key';
export const BODY_UNREADABLE = 'Request body could not be read';
export const ENCODING_UNSUPPORTED = 'Content-Encoding must be gzip, deflate, br or identity';
export const ENCODING_BROKEN = 'Request body could not be decoded as its Content-Encoding says';
export const TEXT_NUL = 'Text must not contain NUL characters';
export const TEXT_SURROGATE = 'Text must be valid Unicode (no lone surrogates)';
export const BODY_TOO_DEEP = `Request body is nested too deeply (${MAX_BODY_DEPTH} levels at most)`;

interface BodyReadError {
  status?: number;
  type?: string;
  code?: unknown;
  message?: string;
}

/** The error a request body failed with → what the caller did wrong. Drops the error itself (it holds the body). */
export function bodyReadError(caught: unknown, contentEncoding: string): AppError {
  const error = (caught ?? {}) as BodyReadError;
  if (error.status === 413 || error.type === 'entity.too.large') return new AppError(413, BODY_TOO_LARGE);
  if (error.status === 415 || error.type === 'encoding.unsupported') return new AppError(415, ENCODING_UNSUPPORTED);
  const decoding = contentEncoding !== '' && contentEncoding !== 'identity';
  // zlib and brotli failures carry a code and no status: the bytes were not what the header said.
  if (decoding && error.status === undefined) return new AppError(415, ENCODING_BROKEN);
  if (/forbidden prototype property/i.test(error.message ?? '')) return badRequest(BODY_PROTO_KEY);
  if (caught instanceof SyntaxError || error.type === 'entity.parse.failed') return badRequest(BODY_NOT_JSON);
  return badRequest(BODY_UNREADABLE);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(text: string): void {
  if (text.includes('\0')) throw badRequest(TEXT_NUL);
  if (LONE_SURROGATE.test(text)) throw badRequest(TEXT_SURROGATE);
}

/** Every key and string of a parsed body or query, without recursion (its depth is what is checked). */
export function checkInputText(value: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value === 'string') checkText(item.value);
    else if (typeof item.value === 'object' && item.value !== null) {
      if (item.depth >= MAX_BODY_DEPTH) throw badRequest(BODY_TOO_DEEP);
      for (const [key, child] of Object.entries(item.value)) {
        checkText(key);
        stack.push({ value: child, depth: item.depth + 1 });
      }
    }
  }
}

/**
 * Parses the body (POST, PUT, PATCH, DELETE: deleting an account carries its password) and checks body and query; routes run after it. Paths for which
 * `ownBody` is true (the CSV imports) read their body themselves; their query is still checked.
 */
export function jsonInputMiddleware(options: { ownBody?: (path: string) => boolean } = {}) {
  const parse = bodyParser({
    enableTypes: ['json'],
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    detectJSON: () => true,
    jsonLimit: BODY_LIMIT,
    encoding: 'utf-8',
  });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (options.ownBody?.(ctx.path)) {
      checkInputText(ctx.query);
      return next();
    }
    try {
      await parse(ctx, async () => {});
    } catch (caught) {
      throw bodyReadError(caught, ctx.get('Content-Encoding').trim().toLowerCase());
    }
    checkInputText(ctx.query);
    checkInputText(ctx.request.body);
    await next();
  };
}
