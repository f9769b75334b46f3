/**
 * The node:http server every deployment runs (docs/api.md#hardening-and-privacy): a client gets
 * 10 s to send its headers and 30 s for its whole request, or the connection closes, so slow
 * clients cannot hold connections open for minutes. Requests node would answer by itself, bare
 * (an unknown `Expect`: 417 without a body; `CONNECT`: no answer at all), go to the app like any
 * other, so they get its answers (docs/api.md#answers).
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often node looks for requests over those limits (its default, 30 s, would triple the 10 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** Longer than the usual proxy's idle timeout (60 s), so the proxy, not us, closes idle connections. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(handle: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    handle,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('checkExpectation', handle);
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => answerConnect(handle, req, socket));
  return server;
}

/**
 * CONNECT: node hands over the bare socket; the app answers on it, then the connection closes. One
 * naming a host and port (a proxy's tunnel) names no path of this service: closed unanswered, as
 * node does.
 */
function answerConnect(handle: http.RequestListener, req: http.IncomingMessage, socket: Socket): void {
  socket.on('error', () => socket.destroy());
  if (!req.url?.startsWith('/')) {
    socket.destroy();
    return;
  }
  const res = new http.ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.on('finish', () => socket.end());
  handle(req, res);
}
