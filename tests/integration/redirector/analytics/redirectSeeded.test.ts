/**
 * Every analytics call over clicks made through the real short-link path: real HTTP requests with
 * chosen user agents, referrers and X-Forwarded-For addresses, on a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Click } from '../../../../redirector/contract/clicks';
import type { NewClick } from '../../../../redirector/storage/records';
import { admin, hours, manualClock, sevenDays, visit, weekdays } from '../../../helpers/analytics';
import { adminHeaders, bearer, call, defaultLinkOptions, newUser } from '../../../helpers/api';
import { type KnownAgent, visitClick } from '../../../helpers/records';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { IP, PLACE, UA } from '../../../helpers/visitors';

/** Wednesday 18 June 2025, noon UTC. Visit k happens at T0 + k × 10 s. */
const T0 = Date.UTC(2025, 5, 18, 12, 0, 0);
const at = (k: number) => T0 + k * 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Where /api/analytics/repeat-visitors says each address of IP is. */
const LOCATION = { us: 'Ashburn, United States', nigeria: 'Abeokuta, Nigeria', india: 'Mumbai, India' };
/** A row of the repeat visitors' top list: the visitor from `place`, with `visits` visits, the last at `last`. */
function repeater(place: keyof typeof LOCATION, visits: number, last: number) {
  const { country, city } = PLACE[place];
  return { ip: IP[place], visits, locations: [LOCATION[place]], places: [{ country, city }], lastVisit: iso(last) };
}

describe('analytics over clicks made through the short-link path', () => {
  const clock = manualClock(T0);
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  const ids = { promo: 0, docs: 0, mine: 0 };
  /** The stored click of visit k, as the API shows it. */
  const clicks: Record<number, Click> = {};

  function stored(
    k: number,
    linkId: number,
    place: keyof typeof PLACE,
    agent: KnownAgent,
    more: Partial<NewClick> = {},
  ) {
    clicks[k] = {
      id: k,
      created_at: iso(at(k)),
      variant: null,
      rule: null,
      ...visitClick(linkId, at(k), place, agent, more),
      imported: false,
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, env: { TRUST_PROXY: '1' } });
    const key = adminHeaders(server.adminKey);
    const promo = await call(server, 'POST', '/api/links', {
      headers: key,
      body: {
        title: 'Promo',
        target_url: 'https://example.com/promo',
        short_code: 'promo',
        enable_country_redirect: true,
        country_redirect_url: 'https://example.org/elsewhere',
        enable_instagram_exit: true,
        instagram_exit_url: 'https://example.org/ig-exit',
      },
    });
    ids.promo = promo.body.id;
    clock.advance(1000);
    const docs = await call(server, 'POST', '/api/links', {
      headers: key,
      body: { title: 'Docs', target_url: 'https://example.com/docs', short_code: 'docs' },
    });
    ids.docs = docs.body.id;
    owner = await newUser(server, 'Owner');
    other = await newUser(server, 'Other');
    clock.advance(1000);
    const mine = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: {
        title: 'Mine',
        target_url: 'https://example.com/mine',
        short_code: 'mine',
        enable_country_redirect: true,
        country_redirect_url: 'https://example.org/elsewhere',
      },
    });
    ids.mine = mine.body.link.id;

    const visits: [number, string, string, string, string | undefined][] = [
      [1, 'promo', UA.desktopChrome, IP.us, 'https://www.google.com/search?q=me'],
      [2, 'promo', UA.iphoneSafari, IP.india, undefined],
      [3, 'promo', UA.instagramIos, IP.us, undefined],
      [4, 'promo', UA.androidChrome, IP.nigeria, 'https://t.co/abc'],
      [5, 'promo', UA.googlebot, IP.us, undefined],
      [6, 'promo', UA.desktopChrome, IP.us, undefined],
      [7, 'promo', UA.tiktokAndroid, IP.cloudflareDns, undefined],
      [8, 'docs', UA.iphoneSafari, IP.india, 'https://news.ycombinator.com/item?id=1'],
      [9, 'mine', UA.androidChrome, IP.nigeria, undefined],
      [10, 'mine', UA.facebookIos, IP.us, undefined],
    ];
    for (const [k, shortCode, userAgent, ip, referer] of visits) {
      clock.set(at(k));
      expect(await visit(server, shortCode, { userAgent, ip, referer }), `visit ${k}`).toBe(302);
    }
    stored(1, ids.promo, 'us', 'desktopChrome', { referrer_source: 'www.google.com' });
    stored(2, ids.promo, 'india', 'iphoneSafari', { blocked: true });
    stored(3, ids.promo, 'us', 'instagramIos', { referrer_source: 'instagram', instagram_exit: true });
    stored(4, ids.promo, 'nigeria', 'androidChrome', { referrer_source: 't.co', blocked: true });
    stored(6, ids.promo, 'us', 'desktopChrome');
    stored(7, ids.promo, 'cloudflareDns', 'tiktokAndroid', { referrer_source: 'tiktok' });
    stored(8, ids.docs, 'india', 'iphoneSafari', { referrer_source: 'news.ycombinator.com' });
    stored(9, ids.mine, 'nigeria', 'androidChrome', { blocked: true });
    stored(10, ids.mine, 'us', 'facebookIos', { referrer_source: 'facebook' });
    clock.set(at(10));
  });
  afterAll(() => server.close());

  it('stored the bot but leaves it out of everything', async () => {
    const promoClicks = await server.store.clicks.listByLink(ids.promo);
    expect(promoClicks.map((c) => [c.id, c.is_bot])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
      [6, false],
      [7, false],
    ]);
  });

  it('GET /api/analytics/{id}: every figure of the link, recent clicks newest first', async () => {
    const answer = await admin(server, `/api/analytics/${ids.promo}`);
    expect(answer.status).toBe(200);
    expect(answer.body.link).toEqual({
      id: ids.promo,
      user_id: null,
      team_id: null,
      created_by: null,
      updated_by: null,
      title: 'Promo',
      target_url: 'https://example.com/promo',
      short_code: 'promo',
      domain: null,
      short_url: expect.stringMatching(/^http:\/\/localhost:\d+\/promo$/),
      clicks: 6,
      total_clicks: 6,
      unique_visitors: 4,
      blocked_visitors: 2,
      imported_clicks: 0,
      created_at: iso(T0),
      enable_tiktok_bypass: false,
      enable_country_redirect: true,
      country_redirect_url: 'https://example.org/elsewhere',
      enable_instagram_exit: true,
      instagram_exit_url: 'https://example.org/ig-exit',
      tags: [],
      ...defaultLinkOptions(),
    });
    expect(answer.body.stats).toEqual({
      rules: [],
      totalClicks: 6,
      uniqueVisitors: 4,
      deviceStats: { ios: 2, android: 2, web: 2 },
      countryCounts: { US: 3, IN: 1, NG: 1, XX: 1 },
      browserCounts: { Chrome: 3, 'Mobile Safari': 1, Instagram: 1, TikTok: 1 },
      referrerCounts: { Direct: 2, 'www.google.com': 1, instagram: 1, 't.co': 1, tiktok: 1 },
      osCounts: { Windows: 2, iOS: 2, Android: 2 },
      deviceCounts: { Unknown: 2, iPhone: 2, 'SM-G991B': 1, 'SM-S911B': 1 },
      hourlyStats: hours({ 12: 6 }),
      dailyStats: weekdays({ 3: 6 }),
      dayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      last7Days: sevenDays('2025-06-18', [0, 0, 0, 0, 0, 0, 6]),
    });
    expect(answer.body.recentClicks).toEqual([clicks[7], clicks[6], clicks[4], clicks[3], clicks[2], clicks[1]]);
  });

  it('moves hours, weekdays and days into the zone asked for', async () => {
    const kolkata = (await admin(server, `/api/analytics/${ids.promo}?tz=Asia/Kolkata`)).body.stats;
    expect(kolkata.hourlyStats).toEqual(hours({ 17: 6 }));
    expect(kolkata.dailyStats).toEqual(weekdays({ 3: 6 }));
    const losAngeles = (await admin(server, `/api/analytics/${ids.promo}?tz=America/Los_Angeles`)).body.stats;
    expect(losAngeles.hourlyStats).toEqual(hours({ 5: 6 }));
    expect(losAngeles.last7Days).toEqual(sevenDays('2025-06-18', [0, 0, 0, 0, 0, 0, 6]));
    // UTC+14: already Thursday the 19th, 02:00.
    const kiritimati = (await admin(server, `/api/analytics/${ids.promo}?tz=Pacific/Kiritimati`)).body.stats;
    expect(kiritimati.hourlyStats).toEqual(hours({ 2: 6 }));
    expect(kiritimati.dailyStats).toEqual(weekdays({ 4: 6 }));
    expect(kiritimati.last7Days).toEqual(sevenDays('2025-06-19', [0, 0, 0, 0, 0, 0, 6]));
  });

  it('GET /api/analytics/user: the owner sees their link with blocked countries', async () => {
    const answer = await call(server, 'GET', `/api/analytics/user?linkId=${ids.mine}`, {
      headers: bearer(owner.token),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.link).toMatchObject({
      id: ids.mine,
      user_id: owner.user.id,
      title: 'Mine',
      short_code: 'mine',
      clicks: 2,
      total_clicks: 2,
      unique_visitors: 2,
      blocked_visitors: 1,
    });
    // The administrator's figures of the link (docs/api.md#analytics), and the blocked clicks'.
    const adminView = await admin(server, `/api/analytics/${ids.mine}`);
    expect(answer.body.stats).toEqual({
      ...adminView.body.stats,
      blockedCountries: { NG: 1 },
      blockedVisitors: 1,
    });
    expect(answer.body.stats).toMatchObject({
      totalClicks: 2,
      uniqueVisitors: 2,
      deviceStats: { ios: 1, android: 1, web: 0 },
      countryCounts: { NG: 1, US: 1 },
      last7Days: sevenDays('2025-06-18', [0, 0, 0, 0, 0, 0, 2]),
    });
    // The same clicks, without the visitors' addresses.
    const withoutAddress = ({ ip_address: _address, ...click }: { ip_address: string }) => click;
    expect(answer.body.recentClicks).toEqual([clicks[10], clicks[9]].map((click) => withoutAddress(click!)));
  });

  it("GET /api/analytics/user: 404 for another user's link and for admin links", async () => {
    for (const [token, id] of [
      [other.token, ids.mine],
      [owner.token, ids.promo],
    ] as const) {
      const answer = await call(server, 'GET', `/api/analytics/user?linkId=${id}`, { headers: bearer(token) });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Link not found' });
    }
  });

  it('the link lists carry the same counts', async () => {
    const all = await admin(server, '/api/links');
    const counts = (
      all.body as { id: number; clicks: number; unique_visitors: number; blocked_visitors: number }[]
    ).map((link) => [link.id, link.clicks, link.unique_visitors, link.blocked_visitors]);
    expect(counts).toEqual([
      [ids.mine, 2, 2, 1],
      [ids.docs, 1, 1, 0],
      [ids.promo, 6, 4, 2],
    ]);
    const own = await call(server, 'GET', '/api/links/user', { headers: bearer(owner.token) });
    expect(own.body.links).toHaveLength(1);
    expect(own.body.links[0]).toMatchObject({ id: ids.mine, clicks: 2, total_clicks: 2, unique_visitors: 2 });
  });

  it('GET /api/analytics/summary', async () => {
    const expected = {
      totalLinks: 3,
      totalClicks: 9,
      uniqueVisitors: 4,
      todayClicks: 9,
      deviceStats: { ios: 4, android: 3, web: 2 },
      countryCounts: { US: 4, IN: 2, NG: 2, XX: 1 },
    };
    expect((await admin(server, '/api/analytics/summary')).body).toEqual(expected);
    expect((await admin(server, '/api/analytics/summary?tz=Pacific/Kiritimati')).body).toEqual(expected);
  });

  it('GET /api/analytics/realtime: the last five minutes', async () => {
    const titles: Record<number, [string, string]> = {
      [ids.promo]: ['Promo', 'promo'],
      [ids.docs]: ['Docs', 'docs'],
      [ids.mine]: ['Mine', 'mine'],
    };
    const latest = (ks: number[]) =>
      ks.map((k) => {
        const [title, shortCode] = titles[clicks[k]!.link_id]!;
        return { ...clicks[k], link_title: title, short_code: shortCode };
      });
    const activeLinks = (promoClicks: number) => [
      { id: ids.promo, title: 'Promo', short_code: 'promo', clicks: promoClicks },
      { id: ids.mine, title: 'Mine', short_code: 'mine', clicks: 2 },
      { id: ids.docs, title: 'Docs', short_code: 'docs', clicks: 1 },
    ];
    expect((await admin(server, '/api/analytics/realtime')).body).toEqual({
      clicksPerMinute: 2,
      latestClicks: latest([10, 9, 8, 7, 6, 4, 3, 2, 1]),
      activeLinks: activeLinks(6),
      activeVisitors: 4,
    });
    // Four minutes later: the window (T0+40 s, T0+340 s] holds visits 5–10 (5 is the bot).
    clock.set(at(10) + 4 * 60_000);
    expect((await admin(server, '/api/analytics/realtime')).body).toEqual({
      clicksPerMinute: 1,
      latestClicks: latest([10, 9, 8, 7, 6]),
      activeLinks: activeLinks(2),
      activeVisitors: 0,
    });
    clock.set(at(10));
  });

  it('GET /api/analytics/live: one row per visitor with its latest click and visit duration', async () => {
    const row = (k: number, link: { id: number; title: string; short_code: string }, firstVisit: number) => {
      const c = clicks[k]!;
      return {
        ip: c.ip_address,
        country: c.country,
        countryName: { US: 'United States', IN: 'India', NG: 'Nigeria', XX: 'Unknown' }[c.country],
        city: c.city,
        flag: { US: '🇺🇸', IN: '🇮🇳', NG: '🇳🇬', XX: '🌐' }[c.country],
        link,
        device_type: c.device_type,
        device_info: c.device_info,
        browser: c.browser,
        browser_version: c.browser_version,
        os: c.os,
        os_version: c.os_version,
        referrer: c.referrer_source ?? 'Direct',
        durationSeconds: (c.clicked_at - at(firstVisit)) / 1000,
        lastSeen: c.created_at,
      };
    };
    const promo = { id: ids.promo, title: 'Promo', short_code: 'promo' };
    const docs = { id: ids.docs, title: 'Docs', short_code: 'docs' };
    const mine = { id: ids.mine, title: 'Mine', short_code: 'mine' };
    const everyone = {
      visitors: [row(10, mine, 1), row(9, mine, 4), row(8, docs, 2), row(7, promo, 7)],
      totals: { online: 4, countries: 3, mobile: 4, avgDurationSeconds: 50 },
    };
    expect(everyone.visitors[0]).toMatchObject({ ip: IP.us, durationSeconds: 90, referrer: 'facebook' });
    expect((await admin(server, '/api/analytics/live')).body).toEqual(everyone);
    expect((await admin(server, '/api/analytics/live?minutes=5')).body).toEqual(everyone);

    // 95 s after visit 10, two minutes reach back to T0+75 s: visits 8, 9 and 10.
    clock.set(at(10) + 95_000);
    expect((await admin(server, '/api/analytics/live?minutes=2')).body).toEqual({
      visitors: [row(10, mine, 1), row(9, mine, 4), row(8, docs, 2)],
      totals: { online: 3, countries: 3, mobile: 3, avgDurationSeconds: 67 },
    });
    expect((await admin(server, '/api/analytics/live?minutes=30')).body).toEqual(everyone);
    // Half an hour after the last visit nobody is online.
    clock.set(at(10) + 30 * 60_000);
    expect((await admin(server, '/api/analytics/live?minutes=30')).body).toEqual({
      visitors: [],
      totals: { online: 0, countries: 0, mobile: 0, avgDurationSeconds: 0 },
    });
    clock.set(at(10));
  });

  it('GET /api/analytics/repeat-visitors', async () => {
    expect((await admin(server, '/api/analytics/repeat-visitors')).body).toEqual({
      totalUniqueVisitors: 4,
      repeatVisitors: 3,
      repeatRate: 0.75,
      frequency: [
        { visits: 1, visitors: 1 },
        { visits: 2, visitors: 2 },
        { visits: 4, visitors: 1 },
      ],
      top: [repeater('us', 4, at(10)), repeater('nigeria', 2, at(9)), repeater('india', 2, at(8))],
    });
  });

  it('GET /api/analytics/funnel: measured clicks, engaged and exits; estimates named', async () => {
    expect((await admin(server, '/api/analytics/funnel')).body).toEqual({
      impressions: 27,
      clicks: 9,
      engaged: 6,
      conversions: 6,
      conversionRate: 6 / 27,
      bounceRate: 3 / 9,
      igExitRate: 1 / 9,
      avgTimeToClickMinutes: 0.75,
      estimated: ['impressions', 'avgTimeToClickMinutes'],
      steps: [
        { name: 'Impressions', value: 27, percent: 1, dropOff: 0 },
        { name: 'Link Clicks', value: 9, percent: 9 / 27, dropOff: 18 / 27 },
        { name: 'Engaged Users', value: 6, percent: 6 / 27, dropOff: 3 / 9 },
        { name: 'Conversions', value: 6, percent: 6 / 27, dropOff: 0 },
      ],
    });
  });

  it('counts a new click at once, and forgets a deleted link everywhere', async () => {
    clock.set(at(11));
    expect(await visit(server, 'docs', { userAgent: UA.iphoneSafari, ip: IP.india })).toBe(302);
    const docs = (await admin(server, `/api/analytics/${ids.docs}`)).body;
    expect(docs.stats.totalClicks).toBe(2);
    expect(docs.stats.uniqueVisitors).toBe(1);
    expect((await admin(server, '/api/analytics/repeat-visitors')).body.top[1]).toEqual(repeater('india', 3, at(11)));

    expect(
      (await call(server, 'DELETE', `/api/links?id=${ids.promo}`, { headers: adminHeaders(server.adminKey) })).status,
    ).toBe(204);
    expect((await admin(server, `/api/analytics/${ids.promo}`)).status).toBe(404);
    expect((await admin(server, '/api/analytics/summary')).body).toEqual({
      totalLinks: 2,
      totalClicks: 4,
      uniqueVisitors: 3,
      todayClicks: 4,
      deviceStats: { ios: 3, android: 1, web: 0 },
      countryCounts: { IN: 2, NG: 1, US: 1 },
    });
    expect((await admin(server, '/api/analytics/repeat-visitors')).body).toEqual({
      totalUniqueVisitors: 3,
      repeatVisitors: 1,
      repeatRate: 1 / 3,
      frequency: [
        { visits: 1, visitors: 2 },
        { visits: 2, visitors: 1 },
      ],
      top: [repeater('india', 2, at(11))],
    });
    const funnel = (await admin(server, '/api/analytics/funnel')).body;
    expect([funnel.clicks, funnel.engaged, funnel.igExitRate]).toEqual([4, 2, 0]);
  });
});
