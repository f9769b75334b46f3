/**
 * The desktop's notice of links turning broken (docs/api.md#link-health): against a real HTTP server
 * on loopback answering GET /api/links?health=broken, a link broken since the last reading is
 * announced once; what was broken at the first reading is not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrokenLinksWatch, newlyBroken } from '../../../main/brokenLinksWatch';
import { apiLink } from '../../helpers/linkFixtures';

const broken = (id: number, error = 'HTTP 404') =>
  apiLink({
    id,
    short_code: `b${id}`,
    health: { status: 'broken', checked_at: null, http_status: 404, error, url: `https://gone.example/${id}` },
  });

describe('broken links watch', () => {
  let server: http.Server;
  let baseUrl = '';
  let answer = [broken(1)];
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(`${req.url} ${req.headers['x-api-key']}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows the links newly broken, and none on a first reading', () => {
    expect(newlyBroken(undefined, [broken(1)])).toEqual([]);
    expect(newlyBroken(new Set([1]), [broken(1), broken(2)]).map((link) => link.id)).toEqual([2]);
  });

  it('announces each link once, when it turns broken', async () => {
    const notices: string[] = [];
    const watch = createBrokenLinksWatch({
      connection: () => ({ baseUrl, token: 'desk-token' }) as never,
      paused: () => false,
      notify: (title, body) => notices.push(`${title} | ${body}`),
      intervalMs: 50,
    });
    watch.start();
    // Until a few readings are in, the first one taking what is broken already.
    while (asked.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notices).toEqual([]);
    answer = [broken(1), broken(2, 'HTTP 410')];
    const seen = asked.length;
    while (asked.length < seen + 3) await new Promise((resolve) => setTimeout(resolve, 20));
    watch.stop();
    expect(notices).toEqual(['Link broken: b2 | https://gone.example/2 (HTTP 410)']);
    expect(asked[0]).toBe('/api/links?health=broken&per_page=200 desk-token');
  });
});
