/**
 * An answer sent before the request's body was read to its end closes the connection at once
 * (docs/api.md#rules-for-every-call), over a raw socket that keeps sending a chunked body the way
 * curl does. Before, a kept-alive connection stalled after a 413 until the 30 s request timeout
 * answered the next request with a 408.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE } from '../../../../redirector/http/jsonBody';
import { CSV_TOO_LARGE } from '../../../../redirector/http/linkTransferRoutes';
import { TOO_MANY_ROWS } from '../../../../redirector/links/linkImport';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

interface Exchange {
  /** The answer's head and whatever body came with it. */
  answer: string;
  /** Milliseconds from the answer's first byte to the server closing the connection; undefined if it stayed open. */
  closedAfterMs: number | undefined;
}

/**
 * POSTs a chunked body of `pieces()` on a kept-alive connection, stops sending once an answer
 * comes (without the final chunk), and waits up to `waitMs` for the server to close.
 */
function sendChunked(
  server: TestServer,
  path: string,
  contentType: string,
  pieces: () => Iterable<string>,
  waitMs = 3000,
): Promise<Exchange> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let answeredAt: number | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      if (answeredAt === undefined) reject(new Error(`no answer: ${answer}`));
      else resolve({ answer, closedAfterMs: closed ? performance.now() - answeredAt : undefined });
    };
    let timer = setTimeout(() => finish(false), 20_000);
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      answer += data;
      if (answeredAt !== undefined) return;
      answeredAt = performance.now();
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), waitMs);
    });
    socket.on('close', () => finish(true));
    // Writes after the server closed fail; the answer is what is checked.
    socket.on('error', () => undefined);
    socket.once('connect', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${server.adminKey}\r\n` +
          `Content-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n`,
      );
      for (const piece of pieces()) {
        if (answeredAt !== undefined || socket.destroyed) return;
        const sent = socket.write(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
        await new Promise((next) => (sent ? setImmediate(next) : socket.once('drain', next)));
      }
      if (!socket.destroyed) socket.write('0\r\n\r\n');
    });
  });
}

/**
 * POSTs `headers` with a `Content-Length` of `size` and keeps streaming that body, the way a client
 * does that reads the answer only once it has sent everything it can; resolves with all it read
 * by the time the connection ended, or with the error that ended it (a reset).
 */
function streamDeclaredBody(server: TestServer, path: string, contentType: string, size: number): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let failure: string | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      answer += data;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve(failure === undefined ? answer : `${failure} after: ${answer}`));
    const piece = Buffer.alloc(64 * 1024, 'x');
    socket.once('connect', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${server.adminKey}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${size}\r\n\r\n`,
      );
      for (let sent = 0; sent < size && socket.writable; sent += piece.length) {
        const more = socket.write(piece);
        await new Promise((next) => (more ? setImmediate(next) : socket.once('drain', next)));
      }
    });
  });
}

function* repeated(piece: string, count: number): Iterable<string> {
  for (let i = 0; i < count; i++) yield piece;
}

/** The answer had `status` and `error`, said Connection: close, and the socket closed within a second. */
function expectClosedWith(exchange: Exchange, status: number, error: string): void {
  expect(exchange.answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(exchange.answer).toMatch(/\r\nConnection: close\r\n/i);
  expect(exchange.answer).toContain(JSON.stringify({ error }));
  expect(exchange.closedAfterMs).toBeLessThan(1000);
}

describe('an answer that leaves the body unread', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('closes the connection after a CSV import over 5 MiB (413)', async () => {
    // Rows of 600 bytes: 5 MiB comes before row 10,001.
    const rows = function* () {
      yield 'target_url,title\n';
      yield* repeated(`https://e.example.com/,${'x'.repeat(576)}\n`.repeat(100), 200);
    };
    const exchange = await sendChunked(server, '/api/links/import', 'text/csv', rows);
    expectClosedWith(exchange, 413, CSV_TOO_LARGE);
  });

  it('sends the whole 413 before closing a connection refused from its Content-Length, 10 tries in a row', async () => {
    const expected = JSON.stringify({ error: CSV_TOO_LARGE });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await streamDeclaredBody(server, '/api/links/import', 'text/csv', 64 * 1024 * 1024);
      expect(answer, `try ${attempt}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer, `try ${attempt}`).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4), `try ${attempt}`).toBe(expected);
    }
  });

  it('closes the connection after a JSON body over 64 KiB (413)', async () => {
    const exchange = await sendChunked(server, '/api/links', 'application/json', () =>
      repeated(`{"title":"${'x'.repeat(16 * 1024)}",`, 400),
    );
    expectClosedWith(exchange, 413, BODY_TOO_LARGE);
  });

  it('closes the connection after an import refused at its 10,001st row, the body still coming', async () => {
    const rows = function* () {
      yield 'target_url\n';
      yield* repeated('https://e.example.com/\n'.repeat(1000), 200);
    };
    const exchange = await sendChunked(server, '/api/links/import', 'text/csv', rows);
    expectClosedWith(exchange, 400, TOO_MANY_ROWS);
  });

  it('keeps the connection open after an answer that read its whole body', async () => {
    const exchange = await sendChunked(
      server,
      '/api/links/import',
      'text/csv',
      () => ['target_url\n', 'https://e.example.com/\n'],
      1000,
    );
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(exchange.answer).not.toMatch(/\r\nConnection: close\r\n/i);
    expect(exchange.closedAfterMs).toBeUndefined();
  });
});
