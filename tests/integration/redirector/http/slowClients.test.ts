/**
 * Slow clients (docs/api.md#hardening-and-privacy): headers within 10 s, a whole request within
 * 30 s, otherwise the connection closes. Real sockets that trickle bytes against the real server.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../../redirector/http/httpServer';
import { type DataPlace, newDataPlace, type RunningServer, startServerOn } from './hardeningHelpers';

/** Opens a socket, writes `first`, then `drip` every second; resolves with the seconds until the server closed it. */
function trickle(url: string, first: string, drip: string): Promise<{ seconds: number; received: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(first));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 1000);
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ seconds: (Date.now() - started) / 1000, received });
    });
  });
}

describe.concurrent('slow clients', () => {
  let place: DataPlace;
  let server: RunningServer;
  beforeAll(async () => {
    place = await newDataPlace('sqlite');
    server = await startServerOn(place);
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const cases: [string, number, string, string][] = [
    [
      'closes a connection whose headers take more than 10 s',
      HEADERS_TIMEOUT_MS,
      'POST /api/auth?action=login HTTP/1.1\r\nHost: localhost\r\n',
      'X-Slow: 1\r\n',
    ],
    [
      'closes a connection whose body is still coming after 30 s',
      REQUEST_TIMEOUT_MS,
      'POST /api/auth?action=login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
    ],
  ];
  for (const [name, limitMs, first, drip] of cases) {
    it(name, { timeout: limitMs + 15_000 }, async () => {
      const { seconds, received } = await trickle(server.url, first, drip);
      expect(seconds).toBeGreaterThanOrEqual(limitMs / 1000 - 0.5);
      expect(seconds).toBeLessThan(limitMs / 1000 + 3);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    });
  }

  it('still serves a client that sends its request at a normal pace', async () => {
    const answer = await fetch(`${server.url}/api/config`);
    expect(answer.status).toBe(200);
  });
});
