/** Reading a request's JSON body and query ids, the same way in every router of this work. */
import type { Context } from 'koa';
import { badRequest } from './errors';

/** A list where a call reads named fields (docs/api.md#requests). */
export const BODY_NOT_OBJECT = 'Request body must be a JSON object';

/**
 * The parsed body as a plain record ({} when there is none); 400 for a list, which would otherwise
 * read as no fields at all (a `PUT` that changes nothing and answers 200).
 */
export function bodyOf(ctx: Context): Record<string, unknown> {
  const body: unknown = ctx.request.body;
  if (Array.isArray(body)) throw badRequest(BODY_NOT_OBJECT);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** The parsed body as it came, for validators that report a wrong shape themselves. */
export function rawBodyOf(ctx: Context): unknown {
  return ctx.request.body ?? {};
}

const ID = /^[1-9]\d{0,14}$/;

/** "a link id", "an import id", "a user id" (its u sounds as "you"). */
const malformedId = (name: string, what: string) =>
  badRequest(`${name} must be ${/^[aeio]/i.test(what) ? 'an' : 'a'} ${what} id (a positive whole number)`);

/** A positive whole-number id from the query string; undefined when absent, 400 when malformed. */
export function optionalIdParam(ctx: Context, name: string, what = 'link'): number | undefined {
  const value = ctx.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ID.test(value)) throw malformedId(name, what);
  return Number(value);
}

/** Like optionalIdParam, but the parameter must be there. */
export function idParam(ctx: Context, name: string): number {
  const id = optionalIdParam(ctx, name);
  if (id === undefined) throw badRequest(`Missing ${name} (the link id)`);
  return id;
}

/** The `id` of a key or a user, where a missing id gets the same answer as a malformed one. */
export function recordIdParam(ctx: Context, what: 'key' | 'user'): number {
  const id = optionalIdParam(ctx, 'id', what);
  if (id === undefined) throw malformedId('id', what);
  return id;
}
