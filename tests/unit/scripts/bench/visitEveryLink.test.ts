import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { visitEveryLink } from '../../../../scripts/bench/visitEveryLink';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server that answers 302 for /a and /b, 404 otherwise, and keeps each request's path and user agent. */
async function recordingServer(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.url} ${request.headers['user-agent']}`);
    response.writeHead(request.url === '/a' || request.url === '/b' ? 302 : 404, { Location: '/' }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('visitEveryLink', () => {
  it("visits each path once with its first visit's headers, and counts the 2xx and 3xx answers", async () => {
    const { url, seen } = await recordingServer();
    const visits = [
      { path: '/a', headers: { 'user-agent': 'first' } },
      { path: '/b', headers: { 'user-agent': 'first' } },
      { path: '/a', headers: { 'user-agent': 'second' } },
      { path: '/missing', headers: { 'user-agent': 'first' } },
      { path: '/b', headers: { 'user-agent': 'second' } },
    ];
    expect(await visitEveryLink(url, visits, 2)).toBe(2);
    expect(seen.sort()).toEqual(['/a first', '/b first', '/missing first']);
  });
});
