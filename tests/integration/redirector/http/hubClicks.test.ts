/**
 * Hub clicks (docs/api.md#hub-clicks), on both stores: a click counts for the hub only with the
 * token of a page of the owner's hub rendered within the last hour, whatever `Referer` says, and
 * only on a link the page shows at that moment (a hidden item's, an unscheduled item's or a link off
 * the page is an ordinary click of its link); the token never reaches the destination, and the
 * password form keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';

type User = Awaited<ReturnType<typeof newUser>>;
type Start = (env: Record<string, string>, clock: () => number) => Promise<TestServer>;

const MINUTE_MS = 60_000;
const SERVERS: { kind: string; start: Start }[] = [
  { kind: 'sqlite', start: (env, clock) => startTestServer({ env, clock }) },
  {
    kind: 'postgres',
    start: async (env, clock) => (await startPostgresTestServerOnFreshSchema({ env, clock })) as unknown as TestServer,
  },
];

describe.each(SERVERS)('hub clicks ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  /** The server's clock runs this far ahead of the machine's. */
  let ahead = 0;
  const visit = (path: string, headers: Record<string, string> = {}, host = 'me.example.com') =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome, ...headers } });
  const hubClicks = async (user: User = alice) =>
    (await call(server, 'GET', '/api/hub/stats', { headers: bearer(user.token) })).body.clicks as number;
  /** The token the button to `/<shortCode>` carries on the page at `path`. */
  const tokenOn = async (shortCode: string, path = '/@alice', host = 'me.example.com') => {
    const page = await visit(path, {}, host);
    expect(page.status).toBe(200);
    const href = new RegExp(`href="https?://[^/"]+/${shortCode}\\?me_hub=([^"&]+)"`).exec(page.body);
    expect(href, `a button to /${shortCode} with its token`).not.toBeNull();
    return href![1]!;
  };
  const createLink = (user: User, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/links/create', { headers: bearer(user.token), body });
  /** The link's stored human clicks, through its owner's export. */
  const storedClicks = async (linkId: number, user: User = alice) => {
    const answer = await call(server, 'GET', `/api/analytics/user/clicks?linkId=${linkId}&format=ndjson`, {
      headers: bearer(user.token),
    });
    expect(answer.status).toBe(200);
    return String(answer.body)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { referrer_source: string | null });
  };

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' }, () => Date.now() + ahead);
    alice = await newUser(server, 'Alice');
    bob = await newUser(server, 'Bob');
    const first = await createLink(alice, { target_url: 'https://example.com/first?a=1', short_code: 'first' });
    const locked = await createLink(alice, {
      target_url: 'https://example.com/locked',
      short_code: 'locked',
      password: 'open-sesame',
    });
    const bobs = await createLink(bob, { target_url: 'https://example.com/bob', short_code: 'bobs' });
    const hub = (handle: string, ids: number[]) => ({
      handle,
      title: handle,
      published: true,
      links: ids.map((link_id) => ({ link_id })),
    });
    const saved = await call(server, 'PUT', '/api/hub', {
      headers: bearer(alice.token),
      body: hub('alice', [first.body.link.id, locked.body.link.id]),
    });
    expect(saved.status).toBe(200);
    const bobsHub = await call(server, 'PUT', '/api/hub', {
      headers: bearer(bob.token),
      body: hub('bob', [bobs.body.link.id]),
    });
    expect(bobsHub.status).toBe(200);
  });
  afterAll(() => server.close());

  it('counts nothing for a forged Referer, however often it is sent', async () => {
    const before = await hubClicks();
    const forged = ['https://me.example.com/@alice', 'https://me.example.com/@ALICE/', 'https://elsewhere.example/'];
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => visit('/first', { Referer: forged[i % forged.length]! })),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect(await hubClicks()).toBe(before);
  });

  it('counts a click with the token of a rendered page, and the destination never sees the token', async () => {
    const before = await hubClicks();
    const token = await tokenOn('first');
    const click = await visit(`/first?me_hub=${token}`);
    expect([click.status, click.headers.location]).toEqual([302, 'https://example.com/first?a=1']);
    // Other parameters are forwarded as before, in their order; only the token is taken out.
    const tagged = await visit(`/first?utm_source=hub&me_hub=${token}&b=2`);
    expect(tagged.headers.location).toBe('https://example.com/first?a=1&utm_source=hub&b=2');
    expect(await hubClicks()).toBe(before + 2);
    // A click without a token is an ordinary click, even from the page.
    await visit('/first', { Referer: 'https://me.example.com/@alice' });
    expect(await hubClicks()).toBe(before + 2);
  });

  it('refuses a tampered token, another hub’s token and a made-up one', async () => {
    const before = await hubClicks();
    const token = await tokenOn('first');
    const [minute, mac] = token.split('.') as [string, string];
    const flipped = `${mac.slice(0, 5)}${mac[5] === 'A' ? 'B' : 'A'}${mac.slice(6)}`;
    const lastFlipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const later = (Number.parseInt(minute, 36) + 1).toString(36);
    const bobsToken = await tokenOn('bobs', '/@bob');
    for (const forged of [
      `${minute}.${flipped}`,
      `${minute}.${lastFlipped}`,
      `${later}.${mac}`,
      bobsToken,
      `${minute}.${'A'.repeat(22)}`,
      'nonsense',
    ]) {
      const click = await visit(`/first?me_hub=${encodeURIComponent(forged)}`);
      expect(click.status).toBe(302);
      expect(click.headers.location).toBe('https://example.com/first?a=1');
    }
    expect(await hubClicks()).toBe(before);
    // Bob's token counts on Bob's own link.
    const bobsBefore = await hubClicks(bob);
    await visit(`/bobs?me_hub=${bobsToken}`);
    expect(await hubClicks(bob)).toBe(bobsBefore + 1);
  });

  it('counts a token for an hour after its page was rendered, and a page always carries a fresh one', async () => {
    const token = await tokenOn('first');
    const before = await hubClicks();
    ahead = 58 * MINUTE_MS;
    await visit(`/first?me_hub=${token}`);
    expect(await hubClicks()).toBe(before + 1);
    ahead = 61 * MINUTE_MS;
    const late = await visit(`/first?me_hub=${token}`);
    expect(late.status).toBe(302);
    expect(await hubClicks()).toBe(before + 1);
    // The page asked for now is rendered now, with a token that counts.
    const fresh = await tokenOn('first');
    expect(fresh).not.toBe(token);
    await visit(`/first?me_hub=${fresh}`);
    expect(await hubClicks()).toBe(before + 2);
    ahead = 0;
  });

  it('keeps the token through the password form, so the click after the right password counts', async () => {
    const token = await tokenOn('locked');
    const before = await hubClicks();
    const form = await visit(`/locked?me_hub=${token}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain(`<input type="hidden" name="me_hub" value="${token}">`);
    const post = (password: string, fields = `&me_hub=${token}`) =>
      request(`${server.url}/locked`, {
        method: 'POST',
        headers: {
          Host: 'me.example.com',
          'User-Agent': UA.desktopChrome,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: `password=${encodeURIComponent(password)}${fields}`,
      });
    const wrong = await post('not-it');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain(`<input type="hidden" name="me_hub" value="${token}">`);
    const right = await post('open-sesame');
    expect([right.status, right.headers.location]).toEqual([302, 'https://example.com/locked']);
    expect(await hubClicks()).toBe(before + 1);
    // Without the field (a form opened without a token), the right password is an ordinary click.
    expect((await post('open-sesame', '')).status).toBe(302);
    expect((await post('open-sesame', '&me_hub=0.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(302);
    expect(await hubClicks()).toBe(before + 1);
    // A form opened without a token has no hidden field; a token-shaped nonsense is not echoed as markup.
    expect((await visit('/locked')).body).not.toContain('me_hub');
    expect((await visit('/locked?me_hub=%22%3E%3Cscript%3E')).body).not.toContain('me_hub');
  });

  it('counts a click for the hub and its item only while the page shows the link, and stores it either way', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const codes = ['shown', 'hidden', 'later', 'ended', 'offhub'] as const;
    const ids: Record<(typeof codes)[number], number> = { shown: 0, hidden: 0, later: 0, ended: 0, offhub: 0 };
    for (const code of codes) {
      const created = await createLink(alice, { target_url: `https://example.com/${code}`, short_code: code });
      ids[code] = created.body.link.id;
    }
    const at = Date.now() + ahead;
    const saved = await call(server, 'PUT', '/api/hub', {
      headers: bearer(alice.token),
      body: {
        handle: 'alice',
        title: 'alice',
        published: true,
        items: [
          { type: 'link', link_id: ids.shown },
          { type: 'link', link_id: ids.hidden, visible: false },
          { type: 'link', link_id: ids.later, starts_at: iso(at + 10 * MINUTE_MS) },
          { type: 'link', link_id: ids.ended, ends_at: iso(at - MINUTE_MS) },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const itemOf = Object.fromEntries(
      saved.body.hub.items.map((item: { id: number; link_id: number }) => [item.link_id, item.id]),
    ) as Record<number, number>;
    const figures = async () =>
      (await call(server, 'GET', '/api/hub/stats', { headers: bearer(alice.token) })).body as {
        clicks: number;
        links: { link_id: number; clicks: number }[];
        items: { id: number; clicks: number; unique_clicks: number }[];
      };
    /** The hub's figures of a link: its line in `links` and its item's clicks. */
    const figuresOf = (stats: Awaited<ReturnType<typeof figures>>, linkId: number) => ({
      link: stats.links.find((line) => line.link_id === linkId)?.clicks ?? 0,
      item: stats.items.find((item) => item.id === itemOf[linkId]) ?? { clicks: 0, unique_clicks: 0 },
    });
    const token = await tokenOn('shown');
    const page = await visit('/@alice');
    for (const code of ['hidden', 'later', 'ended', 'offhub']) expect(page.body).not.toContain(`/${code}?`);
    const before = await figures();

    // The page's token on a link it does not show: an ordinary click, stored, counted for the link only.
    for (const code of ['hidden', 'later', 'ended', 'offhub'] as const) {
      const click = await visit(`/${code}?me_hub=${token}`);
      expect([code, click.status, click.headers.location]).toEqual([code, 302, `https://example.com/${code}`]);
      const stored = await storedClicks(ids[code]);
      expect([code, stored.map((one) => one.referrer_source)]).toEqual([code, [null]]);
    }
    const after = await figures();
    expect(after.clicks).toBe(before.clicks);
    for (const code of ['hidden', 'later', 'ended'] as const) {
      expect([code, figuresOf(after, ids[code])]).toEqual([
        code,
        { link: 0, item: expect.objectContaining({ clicks: 0, unique_clicks: 0 }) },
      ]);
    }

    // A shown item's link counts, for the hub, its line and its item.
    await visit(`/shown?me_hub=${token}`);
    const shown = await figures();
    expect(shown.clicks).toBe(before.clicks + 1);
    expect(figuresOf(shown, ids.shown)).toEqual({
      link: 1,
      item: expect.objectContaining({ clicks: 1, unique_clicks: 1 }),
    });
    expect((await storedClicks(ids.shown)).map((one) => one.referrer_source)).toEqual(['hub']);

    // Once its start has passed, the scheduled item counts with the same (still fresh) token.
    ahead = 11 * MINUTE_MS;
    await visit(`/later?me_hub=${token}`);
    const started = await figures();
    expect(started.clicks).toBe(before.clicks + 2);
    expect(figuresOf(started, ids.later)).toEqual({
      link: 1,
      item: expect.objectContaining({ clicks: 1, unique_clicks: 1 }),
    });
    ahead = 0;
  });
});
