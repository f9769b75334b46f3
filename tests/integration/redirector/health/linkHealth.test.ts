/**
 * Link health on both stores (docs/api.md#link-health), against real HTTP servers on loopback: 200,
 * HEAD refused, 404, 500, slow, redirect chains; the status rules (broken at once, or after two soft
 * failures in a row), the calls and their limit, link.broken and link.recovered fired once on each
 * change, the list filter, the counts, the metric, checks on create, and private destinations skipped,
 * and the pause between requests to one host (at LINK_CHECK_HOST_MS, shortened from 1 s).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { LINK_CHECK_USER_AGENT } from '../../../../redirector/health/linkChecks';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { until } from '../../../helpers/polling';
import type { TestServer } from '../../../helpers/testServer';
import { startReceiver, type WebhookReceiver } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

/** LINK_CHECK_HOST_MS for these servers: the per-host pause under test, shorter than the real 1 s. */
const HOST_MS = 200;
/** The pacer's timers may fire a millisecond or two early: room for that over the 13 turns. */
const ARRIVAL_SLACK_MS = 50;

interface Destinations {
  url: string;
  /** Requests seen: method, path, user agent. */
  seen: { method: string; path: string; agent: string }[];
  /** When each of `seen` arrived (Date.now), in the same order. */
  arrivals: number[];
  /** The status /toggle answers. */
  toggle: number;
  close(): Promise<void>;
}

async function startDestinations(): Promise<Destinations> {
  const state = { seen: [] as Destinations['seen'], arrivals: [] as number[], toggle: 200 };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    state.arrivals.push(Date.now());
    state.seen.push({ method: req.method ?? '', path, agent: req.headers['user-agent'] ?? '' });
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(left === 0 ? 200 : 302, left === 0 ? {} : { Location: `/hop/${left - 1}` });
    } else if (path === '/ok') res.writeHead(200);
    else if (path === '/head-refused') res.writeHead(req.method === 'HEAD' ? 405 : 200);
    else if (path === '/gone') res.writeHead(404);
    else if (path === '/flaky') res.writeHead(500);
    else if (path === '/toggle') res.writeHead(state.toggle);
    else if (path === '/slow')
      return; // never answers
    else res.writeHead(200);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await closeNow(server);
    },
  });
}

describe.each(STORE_SERVERS)('link health ($kind)', ({ start }) => {
  let server: TestServer;
  let destinations: Destinations;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  async function link(path: string, more: Record<string, unknown> = {}): Promise<Link> {
    const answer = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: `${destinations.url}${path}`, ...more },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Link;
  }
  const checkNow = (id: number) => call(server, 'POST', `/api/links/check?id=${id}`, { headers: admin() });
  /** An automatic check, as the periodic rounds run it (not limited to one a minute). */
  const checkAgain = async (id: number) => {
    await server.app.services.linkChecks.check(id);
    return (await call(server, 'GET', `/api/links?id=${id}`, { headers: admin() })).body as Link;
  };
  const events = (type: string, id: number) =>
    receiver.received.filter((message) => message.type === type && message.data.id === id);

  beforeAll(async () => {
    destinations = await startDestinations();
    receiver = await startReceiver();
    server = await start({
      OUTBOUND_ALLOW_PRIVATE: '1',
      LINK_CHECK_TIMEOUT_MS: '400',
      LINK_CHECK_HOST_MS: String(HOST_MS),
      METRICS_TOKEN: 'metrics-token-0123456789',
      WEBHOOK_RETRY_MS: '50',
    });
    const hook = await call(server, 'POST', '/api/webhooks', {
      headers: admin(),
      body: { url: receiver.url, events: ['link.broken', 'link.recovered'] },
    });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await destinations.close();
  });

  it('checks a link when asked, with HEAD and its user agent, at most once a minute per link', async () => {
    const ok = await link('/ok');
    expect(ok.health).toEqual({ status: 'unchecked', checked_at: null, http_status: null, error: null, url: null });
    const checked = await checkNow(ok.id);
    expect(checked.status).toBe(200);
    expect(checked.body.health).toMatchObject({ status: 'ok', http_status: 200, error: null, url: null });
    expect(Date.parse(checked.body.health.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(destinations.seen.filter((entry) => entry.path === '/ok')).toEqual([
      { method: 'HEAD', path: '/ok', agent: LINK_CHECK_USER_AGENT },
    ]);
    expect(LINK_CHECK_USER_AGENT).toMatch(/^Me-LinkCheck\/\d+\.\d+\.\d+$/);
    const again = await checkNow(ok.id);
    expect([again.status, again.body.error]).toEqual([429, 'This link was checked less than a minute ago']);
    // The automatic checks do not count toward the minute, nor does it stop them.
    expect((await checkAgain(ok.id)).health.status).toBe('ok');
  });

  it("falls back to GET when HEAD is refused, and follows up to 5 redirects, each hop in its host's turn", async () => {
    const before = destinations.seen.length;
    const startedAt = Date.now();
    const refused = await link('/head-refused');
    expect((await checkNow(refused.id)).body.health).toMatchObject({ status: 'ok', http_status: 200 });
    expect(destinations.seen.filter((entry) => entry.path === '/head-refused').map((entry) => entry.method)).toEqual([
      'HEAD',
      'GET',
    ]);
    const five = await link('/hop/5');
    expect((await checkNow(five.id)).body.health).toMatchObject({ status: 'ok', http_status: 200 });
    const six = await link('/hop/6');
    expect((await checkNow(six.id)).body.health).toMatchObject({
      status: 'broken',
      http_status: 302,
      error: 'More than 5 redirects',
      url: `${destinations.url}/hop/6`,
    });
    // One host: every request of these three checks, the GET after HEAD and each hop, waited its turn.
    const arrivals = destinations.arrivals.slice(before);
    expect(arrivals).toHaveLength(2 + 6 + 6);
    // The k-th request started at least k pauses after the first, which started after `startedAt`,
    // and arrived after it started (unpaced, they come a few ms apart). A request slow to arrive
    // only arrives later: no lower bound on the gaps between arrivals, which a busy machine broke.
    const since = arrivals.map((at) => at - startedAt);
    for (const [k, at] of since.entries()) {
      expect(at, `arrivals ${since.join(', ')} ms after the first check`).toBeGreaterThanOrEqual(
        k * HOST_MS - ARRIVAL_SLACK_MS,
      );
    }
  });

  it('marks a 404 broken at once, and a 500 or a timeout only in the second check in a row', async () => {
    const gone = await link('/ok', {
      variants: [
        { url: `${destinations.url}/ok`, weight: 50 },
        { url: `${destinations.url}/gone`, weight: 50 },
      ],
    });
    expect((await checkNow(gone.id)).body.health).toMatchObject({
      status: 'broken',
      http_status: 404,
      error: 'HTTP 404',
      url: `${destinations.url}/gone`,
    });
    for (const path of ['/flaky', '/slow']) {
      const soft = await link(path);
      const first = (await checkNow(soft.id)).body.health;
      expect(first.status, path).toBe('unchecked');
      expect(first.error, path).toBe(path === '/flaky' ? 'HTTP 500' : 'no answer within 400 ms');
      const second = (await checkAgain(soft.id)).health;
      expect(second, path).toMatchObject({ status: 'broken', url: `${destinations.url}${path}` });
    }
  });

  it('fires link.broken once when a destination turns 404, and link.recovered once when it is back', async () => {
    destinations.toggle = 200;
    const turning = await link('/toggle');
    expect((await checkNow(turning.id)).body.health.status).toBe('ok');
    destinations.toggle = 404;
    expect((await checkAgain(turning.id)).health).toMatchObject({ status: 'broken', http_status: 404 });
    expect((await checkAgain(turning.id)).health.status).toBe('broken');
    const broken = await until(
      async () => events('link.broken', turning.id),
      (list) => list.length > 0,
    );
    expect(broken).toHaveLength(1);
    expect(broken[0]!.verified).toBe(true);
    expect(broken[0]!.data.health).toMatchObject({ status: 'broken', url: `${destinations.url}/toggle` });
    destinations.toggle = 200;
    expect((await checkAgain(turning.id)).health.status).toBe('ok');
    expect((await checkAgain(turning.id)).health.status).toBe('ok');
    const recovered = await until(
      async () => events('link.recovered', turning.id),
      (list) => list.length > 0,
    );
    expect(recovered).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events('link.broken', turning.id)).toHaveLength(1);
    expect(events('link.recovered', turning.id)).toHaveLength(1);
  });

  it('lists broken links, counts each status per owner, and shows the metric', async () => {
    const owner = await newUser(server, 'Health owner');
    const own = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { target_url: `${destinations.url}/gone` },
    });
    const id = own.body.link.id as number;
    const asOwner = await call(server, 'POST', `/api/links/check?id=${id}`, { headers: bearer(owner.token) });
    expect(asOwner.body.health.status).toBe('broken');
    const otherUser = await newUser(server, 'Someone else');
    expect((await call(server, 'POST', `/api/links/check?id=${id}`, { headers: bearer(otherUser.token) })).status).toBe(
      404,
    );
    await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { target_url: `${destinations.url}/ok` },
    });
    const counts = await call(server, 'GET', '/api/links/health', { headers: bearer(owner.token) });
    expect(counts.body).toEqual({ ok: 0, broken: 1, unchecked: 1, skipped: 0 });
    const list = await call(server, 'GET', '/api/links/user?health=broken', { headers: bearer(owner.token) });
    expect(list.body.links.map((entry: Link) => entry.id)).toEqual([id]);
    expect(list.body.links[0].health).toMatchObject({ status: 'broken', error: 'HTTP 404' });
    const all = await call(server, 'GET', '/api/links/health', { headers: admin() });
    const adminList = await call(server, 'GET', '/api/links?health=broken&per_page=200', { headers: admin() });
    expect(adminList.body).toHaveLength(all.body.broken);
    expect(all.body.broken).toBeGreaterThanOrEqual(5);
    expect((await call(server, 'GET', '/api/links?health=sick', { headers: admin() })).status).toBe(400);
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(await metrics.text()).toContain(`me_links_broken ${all.body.broken}`);
  });
});

describe.each(STORE_SERVERS)('link checks by themselves ($kind)', ({ start }) => {
  let destinations: Destinations;
  beforeAll(async () => {
    destinations = await startDestinations();
  });
  afterAll(() => destinations.close());

  it('checks a link once created and changed, and skips a private destination without OUTBOUND_ALLOW_PRIVATE', async () => {
    const server = await start({ LINK_CHECK_HOURS: '24' });
    try {
      const created = await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: { target_url: `${destinations.url}/ok` },
      });
      const read = async () =>
        (await call(server, 'GET', `/api/links?id=${created.body.id}`, { headers: adminHeaders(server.adminKey) }))
          .body as Link;
      const skipped = await until(read, (found) => found.health.status !== 'unchecked');
      expect(skipped.health).toMatchObject({ status: 'skipped', error: 'Private address: not checked' });
      // Nothing reached the private address.
      expect(destinations.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('checks new and changed links, and every LINK_CHECK_HOURS, when the destination may be reached', async () => {
    const server = await start({ LINK_CHECK_HOURS: '0.0003', OUTBOUND_ALLOW_PRIVATE: '1' });
    try {
      const created = await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: { target_url: `${destinations.url}/ok?periodic` },
      });
      const read = async () =>
        (await call(server, 'GET', `/api/links?id=${created.body.id}`, { headers: adminHeaders(server.adminKey) }))
          .body as Link;
      expect((await until(read, (found) => found.health.status === 'ok')).health.status).toBe('ok');
      // About a second apart (0.0003 h), the rounds check it again.
      const hits = () => destinations.seen.filter((entry) => entry.path === '/ok?periodic').length;
      await until(
        async () => hits(),
        (count) => count >= 3,
      );
      expect(hits()).toBeGreaterThanOrEqual(3);
      await call(server, 'PUT', `/api/links?id=${created.body.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { target_url: `${destinations.url}/gone` },
      });
      expect((await until(read, (found) => found.health.status === 'broken')).health.status).toBe('broken');
    } finally {
      await server.close();
    }
  });
});
