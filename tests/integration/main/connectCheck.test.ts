/** The Connect screen's check against a real redirector on each store, and against things that are not one. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_MESSAGES } from '../../../redirector/contract/desktop';
import { checkServer } from '../../../redirector/contract/desktopConnect';
import { serverSuite } from '../../helpers/startedForSuite';
import { startTestServer } from '../../helpers/testServer';
import { type RunningServer, STORE_KINDS } from './servers';

/** A plain HTTP server that is not a Me server; answers `status` with `body` to everything. */
async function otherServer(status: number, body: string, type = 'text/html') {
  const server = http.createServer((_req, res) => res.writeHead(status, { 'Content-Type': type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = await otherServer(200, '');
  await server.close();
  return server.url;
}

describe.each(STORE_KINDS)('checkServer on $kind', (kind) => {
  let server: RunningServer;
  serverSuite(kind.start, [], (p) => (server = p));

  it('connects with the admin key: a session token that works as X-API-Key, and PUBLIC_URL', async () => {
    const result = await checkServer(`${server.url}/`, server.adminKey);
    expect(result).toMatchObject({ ok: true, baseUrl: server.url, publicUrl: 'http://localhost:0' });
    if (!result.ok) return;
    expect(result.token).not.toBe(server.adminKey);
    const links = await fetch(`${server.url}/api/links`, { headers: { 'X-API-Key': result.token } });
    expect(links.status).toBe(200);
  });

  it('names a wrong key, and an empty one, without asking the server to count the empty one', async () => {
    expect(await checkServer(server.url, 'not-the-key-at-all')).toEqual({
      ok: false,
      problem: 'wrong-key',
      message: CONNECT_MESSAGES['wrong-key'](server.url),
    });
    expect(await checkServer(server.url, '   ')).toMatchObject({ ok: false, problem: 'wrong-key' });
  });

  it('answers what the page needs to read across origins: CORS on /healthz, /api/config and the sign-in', async () => {
    const origin = { Origin: 'file://' };
    for (const response of [
      await fetch(`${server.url}/healthz`, { headers: origin }),
      await fetch(`${server.url}/api/config`, { headers: origin }),
      await fetch(`${server.url}/api/auth?action=admin`, { method: 'POST', headers: origin, body: '{}' }),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('checkServer against what is not a healthy Me server', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('says unreachable when nothing listens', async () => {
    const url = await closedPort();
    expect(await checkServer(url, 'key')).toEqual({
      ok: false,
      problem: 'unreachable',
      message: CONNECT_MESSAGES.unreachable(url),
    });
  });

  it('says unreachable when the host name does not resolve', async () => {
    expect(await checkServer('http://no-such-host.invalid', 'key', { timeoutMs: 3_000 })).toMatchObject({
      problem: 'unreachable',
    });
  });

  it('says "not a Me server" for a web server without /healthz, or with another /healthz, or without /api/config', async () => {
    for (const [status, body, type] of [
      [404, '<h1>Not Found</h1>', 'text/html'],
      [200, '<html>welcome</html>', 'text/html'],
      [200, '{"status":"UP"}', 'application/json'],
      [200, '{"status":"ok"}', 'application/json'],
    ] as const) {
      const other = await otherServer(status, body, type);
      closers.push(other.close);
      expect(await checkServer(other.url, 'key'), `${status} ${body}`).toMatchObject({
        ok: false,
        problem: 'not-me-server',
        message: CONNECT_MESSAGES['not-me-server'](other.url),
      });
    }
  });

  it('says the server is unhealthy when its database does not answer', async () => {
    const broken = await startTestServer();
    closers.push(() => broken.close().catch(() => undefined));
    // The store closed under a running server: /healthz answers 500 JSON.
    await broken.store.close();
    const health = await fetch(`${broken.url}/healthz`, { headers: { Origin: 'file://' } });
    // The page can read this answer too, so it says "unhealthy", not "not a Me server".
    expect([health.status, health.headers.get('access-control-allow-origin')]).toEqual([500, '*']);
    const result = await checkServer(broken.url, broken.adminKey);
    expect(result).toMatchObject({ ok: false, problem: 'unhealthy' });
    expect(result.ok ? '' : result.message).toBe(CONNECT_MESSAGES.unhealthy(broken.url, '500 Internal server error'));
  });

  it('refuses an address that is not http(s) before any request', async () => {
    expect(await checkServer('ftp://example.com', 'key')).toEqual({
      ok: false,
      problem: 'invalid-address',
      message: 'The server address must start with http:// or https://',
    });
    expect(await checkServer('', 'key')).toMatchObject({ problem: 'invalid-address' });
  });

  it('passes on the sign-in limiter: after 10 wrong keys, too many attempts, even with the right key', async () => {
    const [sqlite] = STORE_KINDS;
    const server = await sqlite.start();
    closers.push(server.close);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await checkServer(server.url, `wrong-${attempt}`)).toMatchObject({ problem: 'wrong-key' });
    }
    const limited = await checkServer(server.url, server.adminKey);
    expect(limited).toMatchObject({ ok: false, problem: 'too-many-attempts' });
    expect(limited.ok ? '' : limited.message).toMatch(
      /^Too many failed sign-in attempts. Please try again in 15 minutes\.$/,
    );
  });
});
