/**
 * Requests node would answer by itself get the app's answers instead (docs/api.md#answers): an
 * unknown `Expect` (node: 417, no body) and `CONNECT` (node: the socket closed unanswered). A
 * request node cannot parse (headers past its 16 KiB, a malformed line) gets a JSON error with the
 * /api headers, where node wrote a bare status line without a body a client could read.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startedForSuite } from '../../../helpers/startedForSuite';
import { newDataPlace, type RunningServer, startServerOn } from './hardeningHelpers';

/** Sends `request` on a raw socket; resolves with what came back once the server closed it. */
function exchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** The status line, the headers (lower-cased names) and the body of a raw answer. */
function parsed(raw: string): { status: string; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status, headers, body };
}

describe('requests node would answer by itself', () => {
  let server: RunningServer;
  startedForSuite(async ({ closing, after }) => {
    const place = await newDataPlace('sqlite');
    after(() => place.drop());
    server = closing(await startServerOn(place));
  });

  it('answers CONNECT on an /api path with the JSON 404 of any method a path lacks, then closes', async () => {
    const answer = parsed(await exchange(server.url, 'CONNECT /api/links HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(answer.status).toBe('HTTP/1.1 404 Not Found');
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toContain('{"error":"No such API call: CONNECT /api/links"}');
  });

  it('closes a CONNECT to a host and port (a proxy tunnel, no path of this service) unanswered', async () => {
    expect(await exchange(server.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')).toBe('');
  });

  it('answers a request with an unknown Expect as the app would answer it', async () => {
    const raw = await exchange(
      server.url,
      'POST /api/links HTTP/1.1\r\nHost: localhost\r\nExpect: bogus\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    const answer = parsed(raw);
    expect(answer.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(answer.body).toContain('{"error":"Admin key required"}');
  });

  it.each([
    [
      'an address past 16 KiB',
      `GET /api/links/user?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
      'Request headers are too large (16 KiB at most, the address included)',
    ],
    [
      'a header past 16 KiB',
      `GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
      'Request headers are too large (16 KiB at most, the address included)',
    ],
    [
      'a malformed header line',
      'GET /api/config HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
      'HTTP/1.1 400 Bad Request',
      'The request is not valid HTTP',
    ],
  ])('answers %s with a JSON error and closes', async (_name, request, status, message) => {
    const answer = parsed(await exchange(server.url, request));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: message });
  });
});
