/**
 * Link options over HTTP on both stores (docs/api.md#resolving-a-short-link): the resolution order
 * with real user agents and addresses (geoip data), expiry, the click limit under concurrency, the
 * password form and its limiter, forward_query, and the refusal of links back into the service.
 */
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from '../http/bothStores';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const HOUR = 3_600_000;

describe.each(STORE_SERVERS)('link options ($kind)', ({ start }) => {
  let server: TestServer;
  let codes = 0;

  const visit = (path: string, userAgent: string = UA.desktopChrome, ip: string = IP.us) =>
    request(`${server.url}${path}`, { headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip } });
  const post = (path: string, password: string, ip: string = IP.us, userAgent: string = UA.desktopChrome) =>
    request(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...FORM, 'User-Agent': userAgent, 'X-Forwarded-For': ip },
      body: new URLSearchParams({ password }).toString(),
    });
  const create = (body: Record<string, unknown>) =>
    call(server, 'POST', '/api/links', { headers: adminHeaders(server.adminKey), body });
  async function link(options: Record<string, unknown>): Promise<Link> {
    codes += 1;
    const answer = await create({
      target_url: 'https://example.com/landing?from=me',
      short_code: `opt-${codes}`,
      ...options,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Link;
  }
  const recorded = async (id: number) => (await server.store.clicks.listByLink(id)).length;

  serverSuite(start, [{ TRUST_PROXY: '1', PUBLIC_URL: 'https://me.example' }], (p) => (server = p));

  describe('steps 1-3: unknown, disabled, expired', () => {
    it('answers an unknown code 404 and a disabled owner 410 before expiry, with noindex', async () => {
      const missing = await visit('/no-such-code');
      expect([missing.status, missing.headers['x-robots-tag']]).toEqual([404, 'noindex']);

      const owner = await newUser(server, 'Expired owner');
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(owner.token),
        body: { target_url: 'https://example.com/', expires_at: new Date(Date.now() - HOUR).toISOString() },
      });
      expect(created.status).toBe(201);
      const code = created.body.link.short_code as string;
      expect((await visit(`/${code}`)).body).toContain('This link has expired');
      await call(server, 'PUT', `/api/users?id=${owner.user.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { disabled: true },
      });
      const disabled = await visit(`/${code}`);
      expect([disabled.status, disabled.headers['x-robots-tag']]).toEqual([410, 'noindex']);
      expect(disabled.body).toContain('This link has been disabled');
    });

    it('answers a link past expires_at with the 410 page, or 302 to expired_url with the query, recording nothing', async () => {
      const past = new Date(Date.now() - HOUR).toISOString();
      const gone = await link({ expires_at: past, password: 'secret-1', geo_targets: { US: 'https://us.example/' } });
      const page = await visit(`/${gone.short_code}`);
      expect(page.status).toBe(410);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<h1>This link has expired</h1>');
      expect((await visit(`/${gone.short_code}`, UA.googlebot)).status).toBe(410);
      // Expiry comes before the password: the right password does not open an expired link.
      expect((await post(`/${gone.short_code}`, 'secret-1')).status).toBe(410);

      const moved = await link({ expires_at: past, expired_url: 'https://example.com/over?x=1' });
      const redirect = await visit(`/${moved.short_code}?utm_source=nl&x=2`);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe('https://example.com/over?utm_source=nl&x=2');
      expect(await recorded(gone.id)).toBe(0);
      expect(await recorded(moved.id)).toBe(0);

      const future = await link({ expires_at: new Date(Date.now() + HOUR).toISOString() });
      expect((await visit(`/${future.short_code}`)).status).toBe(302);
      expect(await recorded(future.id)).toBe(1);
    });
  });

  describe('steps 5-8 with real visitors', () => {
    it('sends each visitor by country target, country redirect, Instagram exit, device, TikTok page, target', async () => {
      const everything = await link({
        geo_targets: { IN: 'https://in.example/' },
        enable_country_redirect: true,
        country_redirect_url: 'https://lite.example/',
        enable_instagram_exit: true,
        instagram_exit_url: 'https://exit.example/',
        ios_url: 'https://apps.apple.com/app/me',
        android_url: 'https://play.google.com/store/apps/details?id=me',
        enable_tiktok_bypass: true,
      });
      const path = `/${everything.short_code}?ref=qr`;
      const cases: [string, string, number, string][] = [
        [UA.instagramIos, IP.india, 302, 'https://in.example/?ref=qr'],
        [UA.desktopChrome, IP.nigeria, 302, 'https://lite.example/?ref=qr'],
        [UA.instagramAndroid, IP.us, 302, 'https://exit.example/?ref=qr'],
        [UA.iphoneSafari, IP.us, 302, 'https://apps.apple.com/app/me?ref=qr'],
        [UA.androidChrome, IP.us, 302, 'https://play.google.com/store/apps/details?id=me&ref=qr'],
        [UA.desktopChrome, IP.us, 302, 'https://example.com/landing?from=me&ref=qr'],
        [UA.googlebot, IP.india, 302, 'https://in.example/?ref=qr'],
      ];
      for (const [agent, ip, status, location] of cases) {
        const answer = await visit(path, agent, ip);
        expect([answer.status, answer.headers.location], `${agent} from ${ip}`).toEqual([status, location]);
      }
      const tiktok = await visit(path, UA.tiktokAndroid, IP.us);
      expect(tiktok.status).toBe(200);
      expect(tiktok.body).toContain('value="https://play.google.com/store/apps/details?id=me&amp;ref=qr"');
      const clicks = await server.store.clicks.listByLink(everything.id);
      expect(clicks).toHaveLength(cases.length + 1);
      expect(clicks.filter((click) => click.blocked)).toHaveLength(1);
      expect(clicks.filter((click) => click.instagram_exit)).toHaveLength(1);
    });

    it('forwards the query unless forward_query is off', async () => {
      const kept = await link({ forward_query: false });
      const answer = await visit(`/${kept.short_code}?utm_source=nl`);
      expect(answer.headers.location).toBe('https://example.com/landing?from=me');
      const merged = await link({ target_url: 'https://example.com/p?utm_source=site&a=1#part' });
      expect((await visit(`/${merged.short_code}?utm_source=nl&b=2`)).headers.location).toBe(
        'https://example.com/p?a=1&utm_source=nl&b=2#part',
      );
    });
  });

  describe('max_clicks', () => {
    it('lets exactly max_clicks of 40 simultaneous visitors through, a bot taking its place like anyone', async () => {
      const limited = await link({ max_clicks: 10 });
      const bot = await visit(`/${limited.short_code}`, UA.googlebot);
      expect(bot.status).toBe(302);
      const answers = await Promise.all(Array.from({ length: 40 }, () => visit(`/${limited.short_code}`)));
      const through = answers.filter((answer) => answer.status === 302);
      expect(through).toHaveLength(9);
      expect(through.every((answer) => answer.headers.location === 'https://example.com/landing?from=me')).toBe(true);
      expect(
        answers.filter((answer) => answer.status === 410 && answer.body.includes('This link has expired')),
      ).toHaveLength(31);
      expect((await visit(`/${limited.short_code}`, UA.googlebot)).status).toBe(410);
      const clicks = await server.store.clicks.listByLink(limited.id);
      expect(clicks.filter((click) => !click.is_bot)).toHaveLength(9);
      expect(clicks.filter((click) => click.is_bot)).toHaveLength(1);

      // A higher limit opens the link again for the difference.
      await call(server, 'PUT', `/api/links?id=${limited.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { max_clicks: 11, expired_url: 'https://example.com/sold-out' },
      });
      // Bots stay out of the counts (docs/api.md#link-options): 9 people clicked.
      const counted = await call(server, 'GET', `/api/links?id=${limited.id}`, {
        headers: adminHeaders(server.adminKey),
      });
      expect(counted.body.total_clicks).toBe(9);
      expect((await visit(`/${limited.short_code}`)).status).toBe(302);
      const after = await visit(`/${limited.short_code}`);
      expect([after.status, after.headers.location]).toEqual([302, 'https://example.com/sold-out']);
    });

    it('opens a one-time link once, for whoever comes first, a bot or curl included', async () => {
      const once = await link({ max_clicks: 1 });
      const first = await visit(`/${once.short_code}`, 'curl/8.5.0');
      expect(first.status).toBe(302);
      for (const agent of ['curl/8.5.0', UA.desktopChrome, UA.googlebot]) {
        expect((await visit(`/${once.short_code}`, agent)).status, agent).toBe(410);
      }
      const clicks = await server.store.clicks.listByLink(once.id);
      expect(clicks.map((click) => click.is_bot)).toEqual([true]);
    });
  });

  describe('expired', () => {
    const admin = () => ({ headers: adminHeaders(server.adminKey) });
    const read = async (id: number) => (await call(server, 'GET', `/api/links?id=${id}`, admin())).body as Link;

    it('answers expired once the click limit is used up, a bot included, in the link, the lists and the stats', async () => {
      const limited = await link({ max_clicks: 2 });
      expect(limited.expired).toBe(false);
      expect((await visit(`/${limited.short_code}`)).status).toBe(302);
      expect((await read(limited.id)).expired).toBe(false);
      // The bot's click takes the last place but is not counted: clicks alone could not tell.
      expect((await visit(`/${limited.short_code}`, UA.googlebot)).status).toBe(302);
      const used = await read(limited.id);
      expect([used.total_clicks, used.max_clicks, used.expired]).toEqual([1, 2, true]);
      const list = await call(server, 'GET', `/api/links?q=${limited.short_code}`, admin());
      expect((list.body as Link[]).map((one) => [one.short_code, one.expired])).toEqual([[limited.short_code, true]]);
      const stats = await call(server, 'GET', `/api/analytics/${limited.id}`, admin());
      expect(stats.body.link.expired).toBe(true);
      // A higher limit opens it again.
      await call(server, 'PUT', `/api/links?id=${limited.id}`, { ...admin(), body: { max_clicks: 3 } });
      expect((await read(limited.id)).expired).toBe(false);
    });

    it("answers expired from expires_at on, in the user's own list too", async () => {
      const user = await newUser(server);
      const create = (expiresAt: number) =>
        call(server, 'POST', '/api/links/create', {
          headers: bearer(user.token),
          body: { target_url: 'https://example.com/', expires_at: new Date(expiresAt).toISOString() },
        });
      expect((await create(Date.now() - HOUR)).body.link.expired).toBe(true);
      expect((await create(Date.now() + HOUR)).body.link.expired).toBe(false);
      const mine = await call(server, 'GET', '/api/links/user?sort=created_at&order=asc', {
        headers: bearer(user.token),
      });
      expect((mine.body.links as Link[]).map((one) => one.expired)).toEqual([true, false]);
    });
  });

  describe('password', () => {
    it('shows the form (to bots too), refuses a wrong password with 401, opens on the right one', async () => {
      const locked = await link({ password: 'open sesame', max_clicks: 5 });
      expect(locked.has_password).toBe(true);
      expect(JSON.stringify(locked)).not.toMatch(/sesame|scrypt|password_hash/);

      for (const agent of [UA.desktopChrome, UA.googlebot]) {
        const form = await visit(`/${locked.short_code}?ref=mail`, agent);
        expect(form.status).toBe(200);
        expect(form.body).toContain('<h1>This link is protected</h1>');
        expect(form.body).toMatch(/<form method="post">[\s\S]*<input id="password" name="password" type="password"/);
        expect(form.body).not.toContain('<script');
        expect(form.headers['cache-control']).toBe('no-store');
        expect(form.headers['x-robots-tag']).toBe('noindex');
        expect(form.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; /);
      }
      expect((await request(`${server.url}/${locked.short_code}`, { method: 'HEAD' })).status).toBe(200);

      const wrong = await post(`/${locked.short_code}?ref=mail`, 'open says me');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('Wrong password');
      expect(wrong.headers['cache-control']).toBe('no-store');
      expect(wrong.headers['x-robots-tag']).toBe('noindex');
      expect(await recorded(locked.id)).toBe(0);
      expect(await server.store.links.countedClicks(locked.id)).toBe(0);

      const right = await post(`/${locked.short_code}?ref=mail`, 'open sesame');
      expect(right.status).toBe(302);
      expect(right.headers.location).toBe('https://example.com/landing?from=me&ref=mail');
      expect(await recorded(locked.id)).toBe(1);
      expect(await server.store.links.countedClicks(locked.id)).toBe(1);

      // Removed with "": the link redirects at once.
      await call(server, 'PUT', `/api/links?id=${locked.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { password: '' },
      });
      expect((await visit(`/${locked.short_code}`)).status).toBe(302);
    });

    it('answers 429 after 10 wrong passwords from one address for one link, right ones included', async () => {
      const locked = await link({ password: 'right one' });
      const other = await link({ password: 'right one' });
      const wrong = await Promise.all(
        Array.from({ length: 10 }, () => post(`/${locked.short_code}`, 'nope', IP.nigeria)),
      );
      expect(wrong.map((answer) => answer.status)).toEqual(new Array(10).fill(401));
      const limited = await post(`/${locked.short_code}`, 'right one', IP.nigeria);
      expect(limited.status).toBe(429);
      expect(limited.body).toContain('Too many wrong passwords');
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.headers['x-robots-tag']).toBe('noindex');
      // Another link from that address, and that link from another address, are not limited.
      expect((await post(`/${other.short_code}`, 'right one', IP.nigeria)).status).toBe(302);
      expect((await post(`/${locked.short_code}`, 'right one', IP.india)).status).toBe(302);
      expect(await recorded(locked.id)).toBe(1);
    });

    it('refuses bodies that are not a small form, and POST on a link without a password', async () => {
      const locked = await link({ password: 'right one' });
      const json = await request(`${server.url}/${locked.short_code}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"password":"right one"}',
      });
      expect(json.status).toBe(415);
      const huge = await post(`/${locked.short_code}`, 'x'.repeat(5000));
      expect(huge.status).toBe(413);
      const open = await link({});
      expect((await post(`/${open.short_code}`, 'anything')).status).toBe(405);
      expect(await recorded(locked.id)).toBe(0);
    });
  });

  describe('loop refusal', () => {
    const SELF = "A short link cannot point to this service's own short links";

    it("refuses any destination on PUBLIC_URL's host or a user's verified custom domain, on create, update and import", async () => {
      const owner = await newUser(server, 'Domain owner');
      expect(
        (
          await call(server, 'POST', '/api/user/domain', {
            headers: bearer(owner.token),
            body: { domain: 'go.example.net' },
          })
        ).status,
      ).toBe(200);
      // Only a verified domain is the service's own (docs/api.md#custom-domains).
      const verified = await call(server, 'PUT', '/api/domains?domain=go.example.net', {
        headers: { 'X-API-Key': server.adminKey },
        body: { status: 'verified' },
      });
      expect(verified.status).toBe(200);
      const bodies = [
        { target_url: 'https://me.example/abc' },
        { target_url: 'http://ME.example:8080/x' },
        { target_url: 'https://example.com/', expired_url: 'https://go.example.net/x' },
        { target_url: 'https://example.com/', ios_url: 'https://me.example/' },
        { target_url: 'https://example.com/', android_url: 'https://go.example.net/' },
        { target_url: 'https://example.com/', geo_targets: { DE: 'https://me.example/de' } },
        {
          target_url: 'https://example.com/',
          enable_country_redirect: true,
          country_redirect_url: 'https://me.example/',
        },
        {
          target_url: 'https://example.com/',
          enable_instagram_exit: true,
          instagram_exit_url: 'https://go.example.net/',
        },
      ];
      for (const body of bodies) {
        const answer = await create(body);
        expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, { error: SELF }]);
      }
      const fine = await link({ target_url: 'https://sub.me.example/' });
      const update = await call(server, 'PUT', `/api/links?id=${fine.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { target_url: 'https://go.example.net/loop' },
      });
      expect([update.status, update.body]).toEqual([400, { error: SELF }]);
      const imported = await call(server, 'POST', '/api/links/user/import', {
        headers: { ...bearer(owner.token), 'Content-Type': 'text/csv' },
        rawBody: 'short_code,target_url\r\nloop-1,https://me.example/x\r\nok-1,https://example.org/\r\n',
      });
      expect(imported.body).toEqual({ created: 1, failed: [{ line: 2, short_code: 'loop-1', error: SELF }] });
    });
  });

  describe('CSV', () => {
    it('exports the options (geo_targets as JSON, never the password) and imports them back', async () => {
      const owner = await newUser(server, 'CSV owner');
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(owner.token),
        body: {
          short_code: 'csv-opts',
          target_url: 'https://example.com/',
          password: 'do not export',
          max_clicks: 3,
          expires_at: '2031-05-06T07:08:09Z',
          forward_query: false,
          geo_targets: { DE: 'https://example.de/', FR: 'https://example.fr/?a=1|2' },
        },
      });
      expect(created.status).toBe(201);
      const exported = (await call(server, 'GET', '/api/links/user/export', { headers: bearer(owner.token) }))
        .body as string;
      expect(exported).not.toContain('do not export');
      const header = exported.split('\r\n')[0]!.split(',');
      expect(header).toContain('has_password');
      expect(header).not.toContain('password');
      expect(exported).toContain(
        ',false,2031-05-06T07:08:09.000Z,,true,false,,3,,true,,,"{""DE"":""https://example.de/"",""FR"":""https://example.fr/?a=1|2""}"',
      );
      const copy = exported.replace('\r\ncsv-opts,', '\r\ncsv-copy,');
      const imported = await call(server, 'POST', '/api/links/user/import', {
        headers: { ...bearer(owner.token), 'Content-Type': 'text/csv' },
        rawBody: `${copy}bad-geo,https://example.com/${','.repeat(22)}not json\r\n`,
      });
      expect(imported.body.created).toBe(1);
      expect(imported.body.failed).toEqual([
        { line: 3, short_code: 'bad-geo', error: 'Country targets must be an object of country codes and URLs' },
      ]);
      const page = await call(server, 'GET', '/api/links/user?q=csv-copy', { headers: bearer(owner.token) });
      expect(page.body.links[0]).toMatchObject({
        short_code: 'csv-copy',
        has_password: false,
        max_clicks: 3,
        forward_query: false,
        expires_at: '2031-05-06T07:08:09.000Z',
        geo_targets: { DE: 'https://example.de/', FR: 'https://example.fr/?a=1|2' },
      });
    });
  });
});
