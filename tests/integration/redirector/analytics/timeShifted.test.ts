/**
 * Clicks loaded with chosen times (fixture loader), so that days, hours and zones can be checked:
 * yesterday, 6, 7 and 8 days ago at 23:30 UTC (Asia/Tokyo moves each to the next day), a quarter
 * past six in the evening (Asia/Kathmandu's +5:45 makes it midnight), and a link with more clicks
 * than recentClicks holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewClick } from '../../../../redirector/storage/records';
import { admin, DAY, fixtureClick, HOUR, loadClicks, MINUTE, sevenDays, storeLink } from '../../../helpers/analytics';
import { bearer, call, newUser } from '../../../helpers/api';
import { intlHour, intlWeekday } from '../../../helpers/intlTime';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

/** Wednesday 18 June 2025, noon UTC. */
const NOW = Date.UTC(2025, 5, 18, 12, 0, 0);
const MIDNIGHT = Date.UTC(2025, 5, 18);

describe('analytics over time-shifted clicks', () => {
  let server: TestServer;
  let busyId: number;
  let otherId: number;
  let userLinkId: number;
  let token: string;
  /** Human clicks of the busy link, in insertion order. */
  const busy: NewClick[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock: () => NOW });
    busyId = (await storeLink(server, { title: 'Busy', short_code: 'busy' })).id;
    otherId = (await storeLink(server, { title: 'Other', short_code: 'other' })).id;
    const user = await newUser(server, 'Owner');
    token = user.token;
    userLinkId = (
      await storeLink(server, { title: 'Geo', short_code: 'geo', user_id: user.user.id, enable_country_redirect: true })
    ).id;

    // 130 clicks today, every 5 minutes from 01:10 to 11:55 UTC, from ten addresses; even ones on iPhones.
    for (let i = 129; i >= 0; i--) {
      busy.push(
        fixtureClick(busyId, NOW - (i + 1) * 5 * MINUTE, {
          ip_address: `198.51.100.${(i % 10) + 1}`,
          ...(i % 2 === 0 ? { device_type: 'ios', device_info: 'iPhone', browser: 'Mobile Safari', os: 'iOS' } : {}),
        }),
      );
    }
    const late = { ip_address: '203.0.113.7', country: 'JP', city: 'Tokyo', referrer_source: 'instagram' };
    /** 23:30 UTC on the day `days` before today. */
    const lateOn = (days: number) => MIDNIGHT - (days - 1) * DAY - 30 * MINUTE;
    busy.push(fixtureClick(busyId, lateOn(1), late)); // 06-17 23:30
    busy.push(fixtureClick(busyId, lateOn(6), late)); // 06-12 23:30
    busy.push(fixtureClick(busyId, lateOn(7), late)); // 06-11 23:30
    busy.push(fixtureClick(busyId, lateOn(8), late)); // 06-10 23:30
    busy.push(fixtureClick(busyId, MIDNIGHT - 3 * DAY + 18 * HOUR + 15 * MINUTE, { ip_address: '203.0.113.8' }));
    const bots = [NOW - MINUTE, NOW - 2 * MINUTE, MIDNIGHT - DAY - 30 * MINUTE, MIDNIGHT - 6 * DAY].map((t) =>
      fixtureClick(busyId, t, {
        is_bot: true,
        browser: null,
        os: null,
        ip_address: '192.0.2.1',
        user_agent: 'Googlebot',
      }),
    );
    // Loaded in three batches, bots among them.
    await loadClicks(server, busy.slice(0, 60));
    await loadClicks(server, [...bots.slice(0, 2), ...busy.slice(60, 130)]);
    await loadClicks(server, [...busy.slice(130), ...bots.slice(2)]);
    await loadClicks(server, [
      fixtureClick(otherId, NOW - 2 * DAY, { ip_address: '198.51.100.1' }),
      fixtureClick(otherId, NOW - 2 * DAY + MINUTE, { ip_address: '198.51.100.99', device_type: 'android' }),
    ]);
    await loadClicks(server, [
      fixtureClick(userLinkId, NOW - 3 * HOUR, { ip_address: '105.112.0.1', country: 'NG', blocked: true }),
      fixtureClick(userLinkId, NOW - 2 * HOUR, { ip_address: '105.112.0.2', country: 'NG', blocked: true }),
      fixtureClick(userLinkId, NOW - 2 * DAY, { ip_address: '105.112.0.2', country: 'NG', blocked: true }),
      fixtureClick(userLinkId, NOW - 3 * DAY, { ip_address: '103.21.58.1', country: 'IN', blocked: true }),
      fixtureClick(userLinkId, NOW - 9 * DAY, { ip_address: '103.21.58.1', country: 'IN', blocked: true }),
      fixtureClick(userLinkId, NOW - HOUR, { ip_address: '3.3.3.3', country: 'US' }),
      fixtureClick(userLinkId, NOW - HOUR, { ip_address: '3.3.3.4', country: 'NG', blocked: true, is_bot: true }),
    ]);
  });
  afterAll(() => server.close());

  it('keeps last7Days exact for a link with more clicks than recentClicks holds', async () => {
    const answer = (await admin(server, `/api/analytics/${busyId}`)).body;
    expect(answer.stats.totalClicks).toBe(135);
    expect(answer.stats.uniqueVisitors).toBe(12);
    expect(answer.stats.last7Days).toEqual(sevenDays('2025-06-18', [1, 0, 0, 1, 0, 1, 130]));
    // The latest 100 human clicks, newest first: the bots at 11:58 and 11:59 are not among them.
    expect(answer.recentClicks).toHaveLength(100);
    expect(answer.recentClicks.map((c: { clicked_at: number }) => c.clicked_at)).toEqual(
      Array.from({ length: 100 }, (_, i) => NOW - (i + 1) * 5 * MINUTE),
    );
    expect(answer.recentClicks.every((c: { is_bot: boolean }) => !c.is_bot)).toBe(true);
    expect(answer.stats.deviceStats).toEqual({ ios: 65, android: 0, web: 70 });
    expect(answer.stats.countryCounts).toEqual({ US: 131, JP: 4 });
    expect(answer.stats.referrerCounts).toEqual({ Direct: 131, instagram: 4 });
    expect(answer.stats.browserCounts).toEqual({ Chrome: 70, 'Mobile Safari': 65 });
    expect(answer.stats.deviceCounts).toEqual({ Unknown: 70, iPhone: 65 });
  });

  it('moves 23:30 UTC to the next day in Asia/Tokyo', async () => {
    const tokyo = (await admin(server, `/api/analytics/${busyId}?tz=Asia/Tokyo`)).body.stats;
    // 7 days ago 23:30 UTC is 06-12 08:30 in Tokyo (in); 8 days ago is 06-11 (out); yesterday's is today.
    expect(tokyo.last7Days).toEqual(sevenDays('2025-06-18', [1, 1, 0, 0, 1, 0, 131]));
  });

  it('handles offsets of a half and three quarters of an hour', async () => {
    const kolkata = (await admin(server, `/api/analytics/${busyId}?tz=Asia/Kolkata`)).body.stats;
    const kathmandu = (await admin(server, `/api/analytics/${busyId}?tz=Asia/Kathmandu`)).body.stats;
    // 18:15 UTC on the 15th: 23:45 in Kolkata, midnight on the 16th in Kathmandu.
    expect(kolkata.hourlyStats[23]).toBe(1);
    expect(kolkata.hourlyStats[0]).toBe(0);
    expect(kathmandu.hourlyStats[0]).toBe(1);
    expect(kathmandu.hourlyStats[23]).toBe(0);
    expect(kolkata.last7Days).toEqual(sevenDays('2025-06-18', [1, 1, 0, 1, 0, 0, 131]));
    expect(kathmandu.last7Days).toEqual(sevenDays('2025-06-18', [1, 1, 0, 0, 1, 0, 131]));
  });

  it('counts every hour and weekday as Intl places each click, in several zones', async () => {
    const zones = ['UTC', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Pacific/Chatham'];
    for (const timeZone of zones) {
      const hourly = new Array(24).fill(0);
      const daily = new Array(7).fill(0);
      for (const click of busy) {
        hourly[intlHour(click.clicked_at, timeZone)] += 1;
        daily[intlWeekday(click.clicked_at, timeZone)] += 1;
      }
      const stats = (await admin(server, `/api/analytics/${busyId}?tz=${timeZone}`)).body.stats;
      expect(stats.hourlyStats, timeZone).toEqual(hourly);
      expect(stats.dailyStats, timeZone).toEqual(daily);
    }
  });

  it("counts today's clicks in the zone asked for", async () => {
    const today = async (tz: string) => (await admin(server, `/api/analytics/summary?tz=${tz}`)).body.todayClicks;
    // UTC: the busy link's 130 and the geo link's 3 humans of this morning.
    expect(await today('UTC')).toBe(133);
    // Tokyo's today began at 15:00 UTC yesterday: yesterday's 23:30 click joins.
    expect(await today('Asia/Tokyo')).toBe(134);
    // Los Angeles (UTC−7) began today at 07:00 UTC: 60 busy clicks (07:00–11:55) and the geo link's 3.
    expect(await today('America/Los_Angeles')).toBe(63);
    // Pago Pago (UTC−11) began today at 11:00 UTC: 12 busy clicks and the geo link's 11:00 one.
    expect(await today('Pacific/Pago_Pago')).toBe(13);
  });

  it('summary totals over every link', async () => {
    const summary = (await admin(server, '/api/analytics/summary')).body;
    expect(summary).toEqual({
      totalLinks: 3,
      totalClicks: 143,
      uniqueVisitors: 17,
      todayClicks: 133,
      deviceStats: { ios: 65, android: 1, web: 77 },
      countryCounts: { US: 134, NG: 3, JP: 4, IN: 2 },
    });
  });

  it('user analytics: blocked countries and visitors, bots left out', async () => {
    const answer = await call(server, 'GET', `/api/analytics/user?linkId=${userLinkId}`, { headers: bearer(token) });
    expect(answer.status).toBe(200);
    // The administrator's figures of the link (docs/api.md#analytics), and the blocked clicks'.
    const adminView = await admin(server, `/api/analytics/${userLinkId}`);
    expect(answer.body.stats).toEqual({
      ...adminView.body.stats,
      blockedCountries: { NG: 3, IN: 2 },
      blockedVisitors: 5,
    });
    expect(answer.body.stats).toMatchObject({
      totalClicks: 6,
      uniqueVisitors: 4,
      deviceStats: { ios: 0, android: 0, web: 6 },
      countryCounts: { NG: 3, IN: 2, US: 1 },
      last7Days: sevenDays('2025-06-18', [0, 0, 0, 1, 1, 0, 3]),
    });
    expect(answer.body.recentClicks.map((c: { clicked_at: number }) => c.clicked_at)).toEqual([
      NOW - HOUR,
      NOW - 2 * HOUR,
      NOW - 3 * HOUR,
      NOW - 2 * DAY,
      NOW - 3 * DAY,
      NOW - 9 * DAY,
    ]);
    expect(answer.body.link).toMatchObject({ total_clicks: 6, unique_visitors: 4, blocked_visitors: 5 });
  });
});
