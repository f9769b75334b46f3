/**
 * An answer sent before its request's body was read to the end (a 413, an import refused at its
 * 10,001st row) ends the connection (docs/api.md#rules-for-every-call): the client may still be
 * sending that body, or may have stopped midway, and the next request on a kept-alive connection
 * would be read as the rest of it, stalling until the request timeout.
 */
import type { Context } from 'koa';

/** Whether the request's body was not read to its end, or the answer says it was too large. */
export function leavesBodyUnread(ctx: Context, status: number): boolean {
  return status === 413 || !ctx.req.complete;
}

/** `Connection: close` on the answer, and the socket destroyed once the answer is written. */
export function closeConnectionAfterAnswer(ctx: Context): void {
  ctx.set('Connection', 'close');
  // The response's: the request's may be gone already (a request body abandoned midway is destroyed).
  const socket = ctx.res.socket;
  ctx.res.once('finish', () => socket?.destroy());
}
