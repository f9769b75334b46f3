import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, hours, sevenDays, storeLink } from '../../../helpers/analytics';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const NOW = Date.UTC(2025, 5, 18, 12, 0, 0);
const ADMIN_CALLS = [
  '/api/analytics/summary',
  '/api/analytics/realtime',
  '/api/analytics/live',
  '/api/analytics/repeat-visitors',
  '/api/analytics/funnel',
];

describe('analytics on an empty database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
  });
  afterAll(() => server.close());

  it('answers every dashboard call with zeros and empty lists', async () => {
    expect((await admin(server, '/api/analytics/summary')).body).toEqual({
      totalLinks: 0,
      totalClicks: 0,
      uniqueVisitors: 0,
      todayClicks: 0,
      deviceStats: { ios: 0, android: 0, web: 0 },
      countryCounts: {},
    });
    expect((await admin(server, '/api/analytics/realtime')).body).toEqual({
      clicksPerMinute: 0,
      latestClicks: [],
      activeLinks: [],
      activeVisitors: 0,
    });
    for (const minutes of [2, 5, 10, 30]) {
      expect((await admin(server, `/api/analytics/live?minutes=${minutes}`)).body).toEqual({
        visitors: [],
        totals: { online: 0, countries: 0, mobile: 0, avgDurationSeconds: 0 },
      });
    }
    expect((await admin(server, '/api/analytics/repeat-visitors')).body).toEqual({
      totalUniqueVisitors: 0,
      repeatVisitors: 0,
      repeatRate: 0,
      frequency: [],
      top: [],
    });
    expect((await admin(server, '/api/analytics/funnel')).body).toEqual({
      impressions: 0,
      clicks: 0,
      engaged: 0,
      conversions: 0,
      conversionRate: 0,
      bounceRate: 0,
      igExitRate: 0,
      avgTimeToClickMinutes: 0,
      estimated: ['impressions', 'avgTimeToClickMinutes'],
      steps: [
        { name: 'Impressions', value: 0, percent: 0, dropOff: 0 },
        { name: 'Link Clicks', value: 0, percent: 0, dropOff: 0 },
        { name: 'Engaged Users', value: 0, percent: 0, dropOff: 0 },
        { name: 'Conversions', value: 0, percent: 0, dropOff: 0 },
      ],
    });
  });

  it('answers a link without clicks with zeros, 24 hours, 7 weekdays and 7 dated days', async () => {
    const link = await storeLink(server, { title: 'Quiet', short_code: 'quiet' });
    const answer = await admin(server, `/api/analytics/${link.id}?tz=Asia/Tokyo`);
    expect(answer.status).toBe(200);
    expect(answer.body.link).toMatchObject({ id: link.id, clicks: 0, total_clicks: 0, unique_visitors: 0 });
    expect(answer.body.stats).toEqual({
      rules: [],
      totalClicks: 0,
      uniqueVisitors: 0,
      deviceStats: { ios: 0, android: 0, web: 0 },
      countryCounts: {},
      browserCounts: {},
      referrerCounts: {},
      osCounts: {},
      deviceCounts: {},
      hourlyStats: hours({}),
      dailyStats: [0, 0, 0, 0, 0, 0, 0],
      dayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      last7Days: sevenDays('2025-06-18', [0, 0, 0, 0, 0, 0, 0]),
    });
    expect(answer.body.recentClicks).toEqual([]);
    // Deleted again, so that the dashboard test above stays about an empty database.
    await server.store.links.delete(link.id);
  });
});

describe('analytics access and input', () => {
  let server: TestServer;
  let linkId: number;
  let ownerToken: string;
  let otherToken: string;
  let ownLinkId: number;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
    linkId = (await storeLink(server)).id;
    const owner = await newUser(server, 'Owner');
    const other = await newUser(server, 'Other');
    ownerToken = owner.token;
    otherToken = other.token;
    ownLinkId = (await storeLink(server, { user_id: owner.user.id })).id;
  });
  afterAll(() => server.close());

  it('asks for the admin key (401) on every admin call, and refuses a wrong one', async () => {
    for (const path of [...ADMIN_CALLS, `/api/analytics/${linkId}`]) {
      const none = await call(server, 'GET', path);
      expect(none.status, path).toBe(401);
      expect(none.body.error, path).toEqual(expect.any(String));
      expect((await call(server, 'GET', path, { headers: adminHeaders('wrong-key-123') })).status, path).toBe(401);
      // A user's token is not an admin key.
      expect((await call(server, 'GET', path, { headers: bearer(ownerToken) })).status, path).toBe(401);
    }
  });

  it('asks for a user token (401) on the user call; the admin key is not one', async () => {
    const path = `/api/analytics/user?linkId=${ownLinkId}`;
    expect((await call(server, 'GET', path)).status).toBe(401);
    expect((await call(server, 'GET', path, { headers: adminHeaders(server.adminKey) })).status).toBe(401);
    expect((await call(server, 'GET', path, { headers: bearer(ownerToken) })).status).toBe(200);
  });

  it("answers 404 for another user's link, an admin link or no link, as for a missing one", async () => {
    for (const id of [ownLinkId, linkId, 999_999]) {
      const answer = await call(server, 'GET', `/api/analytics/user?linkId=${id}`, { headers: bearer(otherToken) });
      expect(answer.status, String(id)).toBe(404);
      expect(answer.body).toEqual({ error: 'Link not found' });
    }
    expect((await admin(server, '/api/analytics/999999')).status).toBe(404);
  });

  it('answers 400 for a missing or malformed linkId', async () => {
    for (const query of ['', '?linkId=', '?linkId=abc', '?linkId=0', '?linkId=-1', '?linkId=1.5']) {
      const answer = await call(server, 'GET', `/api/analytics/user${query}`, { headers: bearer(ownerToken) });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toEqual(expect.any(String));
    }
  });

  it('treats a path that is not a link id as an unknown call: JSON 404 with or without a key', async () => {
    for (const path of ['/api/analytics/abc', '/api/analytics/12abc', '/api/analytics/-3', '/api/analytics/0']) {
      for (const headers of [{}, adminHeaders(server.adminKey)]) {
        const answer = await call(server, 'GET', path, { headers });
        expect(answer.status, path).toBe(404);
        expect(answer.headers.get('content-type'), path).toMatch(/application\/json/);
        expect(answer.body.error, path).toEqual(expect.any(String));
      }
    }
  });

  it('refuses a time zone Intl does not know (400), and takes any it knows', async () => {
    const paths = [`/api/analytics/${linkId}`, ...ADMIN_CALLS];
    for (const tz of ['Mars/Olympus', 'Europe/Paris%20x', 'UTC+25', 'x'.repeat(80)]) {
      for (const path of paths) {
        const answer = await admin(server, `${path}?tz=${tz}`);
        expect(answer.status, `${path} ${tz}`).toBe(400);
        expect(answer.body).toEqual({ error: 'tz must be an IANA time zone such as Europe/Paris' });
      }
      const user = await call(server, 'GET', `/api/analytics/user?linkId=${ownLinkId}&tz=${tz}`, {
        headers: bearer(ownerToken),
      });
      expect(user.status, tz).toBe(400);
    }
    for (const tz of ['UTC', 'Europe/Paris', 'Asia/Kathmandu', 'America/Argentina/Buenos_Aires', 'Etc/GMT-14']) {
      for (const path of paths) expect((await admin(server, `${path}?tz=${tz}`)).status, `${path} ${tz}`).toBe(200);
    }
  });

  it('takes 2, 5, 10 or 30 live minutes and refuses anything else (400)', async () => {
    for (const minutes of ['2', '5', '10', '30']) {
      expect((await admin(server, `/api/analytics/live?minutes=${minutes}`)).status, minutes).toBe(200);
    }
    for (const minutes of ['', '0', '1', '3', '60', 'five', '5.0', '-5']) {
      const answer = await admin(server, `/api/analytics/live?minutes=${minutes}`);
      expect(answer.status, minutes).toBe(400);
      expect(answer.body).toEqual({ error: 'minutes must be one of 2, 5, 10, 30' });
    }
  });
});
