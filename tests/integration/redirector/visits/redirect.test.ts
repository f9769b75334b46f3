import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickRecord, NewLink } from '../../../../redirector/storage/records';
import { request } from '../../../helpers/rawRequest';
import { linkCounts, newLink, visitClick } from '../../../helpers/records';
import { serverForSuite } from '../../../helpers/suiteServer';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const CACHE_CONTROL = 'private, max-age=0, no-cache';

function visit(server: TestServer, path: string, userAgent: string, ip: string, extra: Record<string, string> = {}) {
  return request(`${server.url}${path}`, { headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip, ...extra } });
}

let nextCode = 0;
async function createLink(server: TestServer, changes: Partial<NewLink> = {}) {
  nextCode += 1;
  return server.store.links.create(
    newLink({
      title: 'Test link',
      target_url: 'https://example.com/landing?from=me',
      short_code: `code-${nextCode}`,
      created_at: NOW,
      ...changes,
    }),
  );
}

async function onlyClick(server: TestServer, linkId: number): Promise<Omit<ClickRecord, 'id'>> {
  const clicks = await server.store.clicks.listByLink(linkId);
  expect(clicks).toHaveLength(1);
  const { id: _id, ...click } = clicks[0]!;
  return click;
}

describe('GET /<shortCode> with TRUST_PROXY=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' }, clock: () => NOW });
  });
  afterAll(() => server.close());

  it('redirects to the target with the no-cache header and stores every visitor fact', async () => {
    const link = await createLink(server);
    const answer = await visit(server, `/${link.short_code}`, UA.desktopChrome, IP.us);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/landing?from=me');
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(answer.body).toBe('');
    expect(await onlyClick(server, link.id)).toEqual(visitClick(link.id, NOW, 'us', 'desktopChrome'));
  });

  it('looks the code up without its query string, and forwards the query by default', async () => {
    const link = await createLink(server);
    const answer = await visit(server, `/${link.short_code}?utm_source=newsletter`, UA.desktopChrome, IP.us);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/landing?from=me&utm_source=newsletter');
  });

  it('answers an unknown code with the small 404 page and records nothing', async () => {
    const before = await server.store.clicks.countAll();
    const answer = await visit(server, '/no-such-code', UA.desktopChrome, IP.us);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('Link not found');
    expect(await server.store.clicks.countAll()).toBe(before);
  });

  it('resolves a code pasted with one trailing slash as the code itself, and counts it', async () => {
    const link = await createLink(server);
    const answer = await visit(server, `/${link.short_code}/`, UA.desktopChrome, IP.us);
    expect([answer.status, answer.headers.location]).toEqual([302, 'https://example.com/landing?from=me']);
    const query = await visit(server, `/${link.short_code}/?utm_source=nl`, UA.desktopChrome, IP.us);
    expect(query.headers.location).toBe('https://example.com/landing?from=me&utm_source=nl');
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(2);
    // Two slashes, or a path below the code, are no short link: the 404 page, with its headers.
    for (const path of [`/${link.short_code}//`, `/${link.short_code}/more`]) {
      const missing = await visit(server, path, UA.desktopChrome, IP.us);
      expect([missing.status, missing.headers['x-robots-tag'], missing.headers['cache-control']]).toEqual([
        404,
        'noindex',
        CACHE_CONTROL,
      ]);
      expect(missing.body).toContain('Link not found');
    }
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(2);
  });

  it('treats short codes case-sensitively', async () => {
    const link = await createLink(server, { short_code: 'CaseCode' });
    expect((await visit(server, '/casecode', UA.desktopChrome, IP.us)).status).toBe(404);
    expect((await visit(server, '/CaseCode', UA.desktopChrome, IP.us)).status).toBe(302);
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(1);
  });

  it('leaves reserved words to the rest of the service', async () => {
    const link = await createLink(server, { short_code: 'Dashboard' });
    const answer = await visit(server, '/Dashboard', UA.desktopChrome, IP.us);
    expect(answer.status).not.toBe(302);
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(0);
    const health = await visit(server, '/healthz', UA.desktopChrome, IP.us);
    expect(health.status).toBe(200);
  });

  it('answers HEAD like GET, without a body, and stores the click', async () => {
    const link = await createLink(server);
    const answer = await request(`${server.url}/${link.short_code}`, {
      method: 'HEAD',
      headers: { 'User-Agent': UA.desktopChrome, 'X-Forwarded-For': IP.us },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/landing?from=me');
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(answer.body).toBe('');
    expect(await onlyClick(server, link.id)).toEqual(visitClick(link.id, NOW, 'us', 'desktopChrome'));
    const missing = await request(`${server.url}/no-such-code`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('');
  });

  it('leaves other methods to the rest of the service', async () => {
    const link = await createLink(server);
    const answer = await request(`${server.url}/${link.short_code}`, { method: 'POST' });
    expect(answer.status).not.toBe(302);
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(0);
  });

  it('stores the Referer host name as the source', async () => {
    const link = await createLink(server);
    await visit(server, `/${link.short_code}`, UA.desktopChrome, IP.us, {
      Referer: 'https://News.Example.org/articles/1?x=2',
    });
    expect((await onlyClick(server, link.id)).referrer_source).toBe('news.example.org');
  });

  describe('rule 2: country redirect', () => {
    const geo = { enable_country_redirect: true, country_redirect_url: 'https://example.com/elsewhere' };

    it('sends a visitor from India to the country address and stores the click as blocked', async () => {
      const link = await createLink(server, geo);
      const answer = await visit(server, `/${link.short_code}`, UA.androidChrome, IP.india);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://example.com/elsewhere');
      expect(answer.headers['cache-control']).toBe(CACHE_CONTROL);
      expect(await onlyClick(server, link.id)).toEqual(
        visitClick(link.id, NOW, 'india', 'androidChrome', { blocked: true }),
      );
    });

    it('sends a visitor from Nigeria to the country address', async () => {
      const link = await createLink(server, geo);
      const answer = await visit(server, `/${link.short_code}`, UA.iphoneSafari, IP.nigeria);
      expect(answer.headers.location).toBe('https://example.com/elsewhere');
      const click = await onlyClick(server, link.id);
      expect([click.country, click.city, click.blocked, click.device_type]).toEqual(['NG', 'Abeokuta', true, 'ios']);
    });

    it('sends a visitor from the US to the target', async () => {
      const link = await createLink(server, geo);
      const answer = await visit(server, `/${link.short_code}`, UA.desktopChrome, IP.us);
      expect(answer.headers.location).toBe('https://example.com/landing?from=me');
      expect(await onlyClick(server, link.id)).toEqual(visitClick(link.id, NOW, 'us', 'desktopChrome'));
    });

    it('does nothing when the link has it off', async () => {
      const link = await createLink(server, { ...geo, enable_country_redirect: false });
      const answer = await visit(server, `/${link.short_code}`, UA.androidChrome, IP.india);
      expect(answer.headers.location).toBe('https://example.com/landing?from=me');
      expect((await onlyClick(server, link.id)).blocked).toBe(false);
    });

    it('comes before the Instagram exit and the TikTok bypass', async () => {
      const link = await createLink(server, {
        ...geo,
        enable_instagram_exit: true,
        instagram_exit_url: 'https://example.com/exit',
        enable_tiktok_bypass: true,
      });
      expect((await visit(server, `/${link.short_code}`, UA.instagramAndroid, IP.india)).headers.location).toBe(
        'https://example.com/elsewhere',
      );
      const tiktok = await visit(server, `/${link.short_code}`, UA.tiktokAndroid, IP.nigeria);
      expect([tiktok.status, tiktok.headers.location]).toEqual([302, 'https://example.com/elsewhere']);
      const clicks = await server.store.clicks.listByLink(link.id);
      expect(clicks.map((c) => [c.blocked, c.instagram_exit, c.referrer_source])).toEqual([
        [true, false, 'instagram'],
        [true, false, 'tiktok'],
      ]);
    });
  });

  describe('rule 3: Instagram exit', () => {
    const exit = { enable_instagram_exit: true, instagram_exit_url: 'https://example.com/exit' };

    it('sends Instagram visitors on iOS and Android to the exit address', async () => {
      const link = await createLink(server, exit);
      for (const userAgent of [UA.instagramIos, UA.instagramAndroid]) {
        const answer = await visit(server, `/${link.short_code}`, userAgent, IP.us);
        expect(answer.status).toBe(302);
        expect(answer.headers.location).toBe('https://example.com/exit');
        expect(answer.headers['cache-control']).toBe(CACHE_CONTROL);
      }
      const clicks = await server.store.clicks.listByLink(link.id);
      expect(clicks.map(({ id: _id, ...c }) => c)).toEqual([
        visitClick(link.id, NOW, 'us', 'instagramIos', { referrer_source: 'instagram', instagram_exit: true }),
        visitClick(link.id, NOW, 'us', 'instagramAndroid', { referrer_source: 'instagram', instagram_exit: true }),
      ]);
    });

    it('leaves Facebook and plain browsers on the target', async () => {
      const link = await createLink(server, exit);
      for (const userAgent of [UA.facebookIos, UA.iphoneSafari]) {
        expect((await visit(server, `/${link.short_code}`, userAgent, IP.us)).headers.location).toBe(
          'https://example.com/landing?from=me',
        );
      }
      const clicks = await server.store.clicks.listByLink(link.id);
      expect(clicks.map((c) => [c.referrer_source, c.browser, c.instagram_exit])).toEqual([
        ['facebook', 'Facebook', false],
        [null, 'Mobile Safari', false],
      ]);
    });

    it('comes before the TikTok bypass', async () => {
      const link = await createLink(server, { ...exit, enable_tiktok_bypass: true });
      expect((await visit(server, `/${link.short_code}`, UA.instagramIos, IP.us)).headers.location).toBe(
        'https://example.com/exit',
      );
    });
  });

  describe('rule 4: TikTok bypass', () => {
    it('shows the bypass page to TikTok on Android, with the Chrome intent, and stores the click', async () => {
      const link = await createLink(server, { enable_tiktok_bypass: true });
      const answer = await visit(server, `/${link.short_code}`, UA.tiktokAndroid, IP.us);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe(CACHE_CONTROL);
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
      expect(answer.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(answer.body).toContain(
        'href="intent://example.com/landing?from=me#Intent;scheme=https;package=com.android.chrome;' +
          'S.browser_fallback_url=https%3A%2F%2Fexample.com%2Flanding%3Ffrom%3Dme;end"',
      );
      expect(answer.body).toContain('value="https://example.com/landing?from=me"');
      expect(await onlyClick(server, link.id)).toEqual(
        visitClick(link.id, NOW, 'us', 'tiktokAndroid', { referrer_source: 'tiktok' }),
      );
    });

    it('shows the iOS steps first to TikTok on iPhone', async () => {
      const link = await createLink(server, { enable_tiktok_bypass: true });
      const answer = await visit(server, `/${link.short_code}`, UA.tiktokIos, IP.us);
      expect(answer.status).toBe(200);
      expect(answer.body.indexOf('On iPhone')).toBeLessThan(answer.body.indexOf('On Android'));
      expect(answer.body).toContain('Open in browser');
      const click = await onlyClick(server, link.id);
      expect([click.device_type, click.browser, click.browser_version, click.referrer_source]).toEqual([
        'ios',
        'TikTok',
        '32.5.0',
        'tiktok',
      ]);
    });

    it('escapes the target address on the page', async () => {
      const link = await createLink(server, {
        enable_tiktok_bypass: true,
        target_url: 'https://example.com/?q="><script>alert(1)</script>',
      });
      const answer = await visit(server, `/${link.short_code}`, UA.tiktokIos, IP.us);
      expect(answer.body).not.toContain('<script>alert');
      expect(answer.body).not.toContain('"><script');
      expect(answer.body).toContain('value="https://example.com/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    });

    it('redirects TikTok visitors when the link has it off', async () => {
      const link = await createLink(server);
      const answer = await visit(server, `/${link.short_code}`, UA.tiktokIos, IP.us);
      expect([answer.status, answer.headers.location]).toEqual([302, 'https://example.com/landing?from=me']);
      expect((await onlyClick(server, link.id)).referrer_source).toBe('tiktok');
    });

    it('answers HEAD with the page headers and no body', async () => {
      const link = await createLink(server, { enable_tiktok_bypass: true });
      const answer = await request(`${server.url}/${link.short_code}`, {
        method: 'HEAD',
        headers: { 'User-Agent': UA.tiktokIos, 'X-Forwarded-For': IP.us },
      });
      expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([
        200,
        'text/html; charset=utf-8',
        '',
      ]);
    });
  });

  describe('bots', () => {
    it('redirects bots, stores them as bots and leaves them out of the counts', async () => {
      const link = await createLink(server, {
        enable_country_redirect: true,
        country_redirect_url: 'https://example.com/elsewhere',
      });
      const bots = [
        UA.googlebot,
        UA.bingbot,
        UA.curl,
        UA.facebookexternalhit,
        UA.twitterbot,
        UA.slackbot,
        UA.whatsapp,
        UA.discordbot,
      ];
      for (const userAgent of bots) {
        const answer = await visit(server, `/${link.short_code}`, userAgent, IP.us);
        expect([answer.status, answer.headers.location, answer.headers['cache-control']]).toEqual([
          302,
          'https://example.com/landing?from=me',
          CACHE_CONTROL,
        ]);
      }
      await visit(server, `/${link.short_code}`, UA.desktopChrome, IP.us);
      await visit(server, `/${link.short_code}`, UA.iphoneSafari, IP.india);
      const clicks = await server.store.clicks.listByLink(link.id);
      expect(clicks.map((c) => [c.user_agent, c.is_bot])).toEqual([
        ...bots.map((ua) => [ua, true]),
        [UA.desktopChrome, false],
        [UA.iphoneSafari, false],
      ]);
      expect(clicks[0]).toMatchObject({ browser: null, os: null, device_type: 'web', referrer_source: null });
      expect(await server.store.links.counts(link.id)).toEqual(linkCounts(2, 2, 1));
    });

    it('treats a request without a user agent as a bot', async () => {
      const link = await createLink(server);
      const answer = await request(`${server.url}/${link.short_code}`, { headers: { 'X-Forwarded-For': IP.us } });
      expect(answer.status).toBe(302);
      const click = await onlyClick(server, link.id);
      expect([click.is_bot, click.user_agent]).toEqual([true, '']);
    });
  });

  it('stores XX for an address geoip-lite has no country for', async () => {
    const link = await createLink(server);
    await visit(server, `/${link.short_code}`, UA.desktopChrome, IP.cloudflareDns);
    const click = await onlyClick(server, link.id);
    expect([click.ip_address, click.country, click.city]).toEqual([IP.cloudflareDns, 'XX', null]);
  });

  it('takes the rightmost X-Forwarded-For entry (the one the trusted proxy appended)', async () => {
    const link = await createLink(server);
    await visit(server, `/${link.short_code}`, UA.desktopChrome, `127.0.0.1, ${IP.us}, ${IP.india}`);
    const click = await onlyClick(server, link.id);
    expect([click.ip_address, click.country]).toEqual([IP.india, 'IN']);
  });

  it('answers many concurrent visits and stores each click once', async () => {
    const link = await createLink(server);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => visit(server, `/${link.short_code}`, UA.desktopChrome, IP.us)),
    );
    expect(answers.every((a) => a.status === 302)).toBe(true);
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(200);
  });
});

describe('GET /<shortCode> without TRUST_PROXY', () => {
  const suite = serverForSuite({ clock: () => NOW });

  it('ignores X-Forwarded-For and stores the socket address', async () => {
    const link = await createLink(suite.server, {
      enable_country_redirect: true,
      country_redirect_url: 'https://example.com/elsewhere',
    });
    const answer = await visit(suite.server, `/${link.short_code}`, UA.desktopChrome, IP.india);
    expect(answer.headers.location).toBe('https://example.com/landing?from=me');
    const click = await onlyClick(suite.server, link.id);
    expect([click.ip_address, click.country, click.city, click.blocked]).toEqual(['127.0.0.1', 'XX', null, false]);
  });
});
