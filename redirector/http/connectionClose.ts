/**
 * An answer sent before its request's body was read to the end (a 413, an import refused at its
 * 10,001st row) ends the connection (docs/api.md#rules-for-every-call): the client may still be
 * sending that body, or may have stopped midway, and the next request on a kept-alive connection
 * would be read as the rest of it, stalling until the request timeout.
 *
 * It ends with a lingering close, as web servers do: the answer, then our half of the connection
 * closed (FIN), then whatever the client still sends read and dropped until it closes its half,
 * goes quiet or passes a bound. Closing the socket at once with the client's bytes unread makes
 * the kernel answer them with a reset, and a reset can throw away the answer before the client
 * has read it (an import refused from its Content-Length was reset in 4 of 6 tries).
 */
import type { Socket } from 'node:net';
import type { Context } from 'koa';

/** The longest a connection lingers after its answer. */
export const LINGER_MS = 5_000;
/** A client that sends nothing for this long is done. */
export const LINGER_IDLE_MS = 500;
/** The most bytes read and dropped while lingering. */
export const LINGER_BYTES = 32 * 1024 * 1024;

/** Whether the request's body was not read to its end, or the answer says it was too large. */
export function leavesBodyUnread(ctx: Context, status: number): boolean {
  return status === 413 || !ctx.req.complete;
}

const lingering = new WeakSet<Socket>();

/** Half-closes `socket` after what it has to write, drops what comes in, and destroys it within the bounds. */
function lingerThenClose(socket: Socket): void {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  let dropped = 0;
  const close = () => {
    clearTimeout(deadline);
    clearTimeout(idle);
    socket.destroy();
  };
  const deadline = setTimeout(close, LINGER_MS);
  const idle = setTimeout(close, LINGER_IDLE_MS);
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
    else idle.refresh();
  });
  socket.once('end', close);
  socket.once('close', close);
  socket.once('error', close);
  socket.end();
  socket.resume();
}

/** `Connection: close` on the answer, and a lingering close once it is written. */
export function closeConnectionAfterAnswer(ctx: Context): void {
  ctx.set('Connection', 'close');
  // The response's: the request's may be gone already (a request body abandoned midway is destroyed).
  const socket = ctx.res.socket;
  if (!socket) return;
  // Node ends a `Connection: close` answer with destroySoon(): FIN, then destroy, unread bytes and all.
  socket.destroySoon = () => lingerThenClose(socket);
  ctx.res.once('finish', () => lingerThenClose(socket));
}
