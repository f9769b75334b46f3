/**
 * The node:http server every deployment runs (docs/api.md#hardening-and-privacy): a client gets
 * 10 s to send its headers and 30 s for its whole request, or the connection closes, so slow
 * clients cannot hold connections open for minutes. Requests node would answer by itself, bare
 * (an unknown `Expect`: 417 without a body; `CONNECT`: no answer at all), go to the app like any
 * other, so they get its answers (docs/api.md#answers). A request node cannot parse gets a JSON
 * error with the /api headers instead of node's bare status line (docs/api.md#answers).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

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
  server.on('clientError', answerClientError);
  return server;
}

/** Node's status for a request it could not take, by its error's code, with the message a person reads. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'Request headers are too large (16 KiB at most, the address included)'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'Request body is too large (64 KiB at most)'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  return [400, 'The request is not valid HTTP'];
}

/**
 * What node does with a request it cannot parse (or one past its time), answered as the app answers
 * errors: JSON with the /api headers (its path is unknown, so every such answer has them), then the
 * connection closes. Nothing is answered once something was written, as node does.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (socket.writable && (socket as Partial<Socket>).bytesWritten === 0) {
    const [status, message] = clientErrorAnswer(error.code);
    const body = JSON.stringify({ error: message });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n' +
        'Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
