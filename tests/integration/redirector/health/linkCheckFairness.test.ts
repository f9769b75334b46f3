/**
 * Link checks are fair (docs/api.md#link-health), on both stores, against real HTTP servers on
 * loopback addresses of their own (127.0.0.2 and up: each its own host to the pacer): an account
 * has one destination request under way at a time, so another account's check is never stuck
 * behind its slow destinations; a link's check requests at most 10 of its destinations; a redirect
 * hop waits for its host's turn like the first request, `host.` being the same host as `host`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { type DnsServer, startDnsServer } from '../../../helpers/dnsServer';
import { waitUntil } from '../../../helpers/polling';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

/** Servers on 127.0.0.<firstHost> and up: slow (held until `release`) or answering 200 at once. */
interface Hosts {
  urls: string[];
  /** Requests seen, in order: `<host> <path>`. */
  seen: string[];
  /** The most requests under way at once across all of them, and now. */
  inFlight: { now: number; most: number };
  /** Answers every held request and every later one at once. */
  release(): void;
  hold(): void;
  close(): Promise<void>;
}

async function startHosts(count: number, firstHost: number): Promise<Hosts> {
  const state = { seen: [] as string[], inFlight: { now: 0, most: 0 }, holding: false };
  const held: (() => void)[] = [];
  const servers: http.Server[] = [];
  const urls: string[] = [];
  for (let n = 0; n < count; n++) {
    const host = `127.0.0.${firstHost + n}`;
    const server = http.createServer((req, res) => {
      state.seen.push(`${host} ${req.url}`);
      state.inFlight.now += 1;
      state.inFlight.most = Math.max(state.inFlight.most, state.inFlight.now);
      const answer = () => {
        state.inFlight.now -= 1;
        res.writeHead(200).end();
      };
      if (state.holding) held.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    urls.push(`http://${host}:${(server.address() as AddressInfo).port}`);
  }
  return {
    urls,
    seen: state.seen,
    inFlight: state.inFlight,
    hold: () => {
      state.holding = true;
    },
    release() {
      state.holding = false;
      for (const answer of held.splice(0)) answer();
    },
    async close() {
      for (const server of servers) {
        await closeNow(server);
      }
    },
  };
}

describe.each(STORE_SERVERS)('fair link checks ($kind)', ({ start }) => {
  let server: TestServer;
  let slow: Hosts;
  let fast: Hosts;
  let dns: DnsServer;
  let paceServer: http.Server;
  const paceSeen: { path: string; at: number }[] = [];

  async function linkOf(token: string, body: Record<string, unknown>): Promise<number> {
    const created = await call(server, 'POST', '/api/links/create', { headers: bearer(token), body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.link.id as number;
  }

  beforeAll(async () => {
    slow = await startHosts(17, 2);
    fast = await startHosts(1, 30);
    paceServer = http.createServer((req, res) => {
      paceSeen.push({ path: req.url ?? '', at: Date.now() });
      const port = (paceServer.address() as AddressInfo).port;
      if (req.url === '/to-dot') res.writeHead(302, { Location: `http://PACE.test.:${port}/landed` });
      else res.writeHead(200);
      res.end();
    });
    await new Promise<void>((resolve) => paceServer.listen(0, '127.0.0.1', resolve));
    dns = await startDnsServer({ addresses: { 'pace.test': '127.0.0.1' } });
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_TIMEOUT_MS: '30000', DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    slow.release();
    await server?.close();
    await slow?.close();
    await fast?.close();
    await dns?.stop();
    await closeNow(paceServer);
  });

  it("checks one account's destinations one at a time, and another account's meanwhile", async () => {
    const a = await newUser(server, 'Slow account');
    const b = await newUser(server, 'Fast account');
    const aLinks = [];
    for (const [n, url] of slow.urls.entries()) aLinks.push(await linkOf(a.token, { target_url: `${url}/slow-${n}` }));
    const bLink = await linkOf(b.token, { target_url: `${fast.urls[0]}/fast` });
    slow.hold();
    const checks = server.app.services.linkChecks;
    const aChecks = Promise.all(aLinks.map((id) => checks.check(id)));
    await waitUntil("account A's first request", () => slow.seen.length === 1);
    expect(await checks.check(bLink)).toBe(true);
    // B's check is done while A's first request is still held: A's second has not started.
    expect(fast.seen).toEqual(['127.0.0.30 /fast']);
    expect(slow.seen).toHaveLength(1);
    expect(slow.inFlight.now).toBe(1);
    const bHealth = await call(server, 'GET', `/api/links/user?health=ok`, { headers: bearer(b.token) });
    expect(bHealth.body.links.map((link: { id: number }) => link.id)).toEqual([bLink]);
    slow.release();
    expect(await aChecks).toEqual(aLinks.map(() => true));
    expect(slow.seen).toHaveLength(17);
    // A never had two requests under way at once.
    expect(slow.inFlight.most).toBe(1);
  });

  it("requests at most 10 of a link's destinations in one check", async () => {
    const owner = await newUser(server, 'Many destinations');
    const [first, ...others] = slow.urls.slice(0, 15).map((url) => `${url}/many`);
    const countries = ['DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'AT', 'PT', 'SE', 'DK', 'FI', 'PL', 'IE', 'CZ'];
    const id = await linkOf(owner.token, {
      target_url: first,
      geo_targets: Object.fromEntries(others.map((url, n) => [countries[n], url])),
    });
    const before = slow.seen.length;
    expect(await server.app.services.linkChecks.check(id)).toBe(true);
    const requested = slow.seen.slice(before).filter((entry) => entry.endsWith(' /many'));
    expect(requested).toHaveLength(10);
    expect(requested).toContain('127.0.0.2 /many');
    // The next check takes another window of them, the target again.
    expect(await server.app.services.linkChecks.check(id)).toBe(true);
    expect(slow.seen.slice(before).filter((entry) => entry.endsWith(' /many')).length).toBe(20);
  });

  it('paces a redirect hop to `host.` with the first request to `host`', async () => {
    const owner = await newUser(server, 'Redirected');
    const port = (paceServer.address() as AddressInfo).port;
    const id = await linkOf(owner.token, { target_url: `http://pace.test:${port}/to-dot` });
    expect(await server.app.services.linkChecks.check(id)).toBe(true);
    const [first, hop] = paceSeen;
    expect([first?.path, hop?.path]).toEqual(['/to-dot', '/landed']);
    // One host, one request a second: the hop waited for its turn (unpaced, it follows within milliseconds;
    // the margin is for the time each request takes to arrive on a busy machine).
    expect(hop!.at - first!.at).toBeGreaterThanOrEqual(700);
    const link = await call(server, 'GET', '/api/links/user?health=ok', { headers: bearer(owner.token) });
    expect(link.body.links.map((entry: { id: number }) => entry.id)).toEqual([id]);
  });
});
