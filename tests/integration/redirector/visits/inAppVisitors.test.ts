/**
 * In-app visitors whose user agents isbot takes for crawlers, through a real server on each store:
 * they get their app's rule (the Instagram exit) and are counted as people.
 */
import http from 'node:http';
import { isbot } from 'isbot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewLink } from '../../../../redirector/storage/records';
import type { Store } from '../../../../redirector/storage/store';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { linkCounts } from '../../../helpers/records';
import { startTestServer } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** natevw/simplify-user-agent tests/eg.js: isbot reads Site24x7's "24x7" in "1024x768". */
const INSTAGRAM_FLAGGED =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 122.1.3.22.123 (iPhone11,8; iOS 13_2_3; nl_NL; nl-NL; scale=2.00; 1024x768; 12345)';
/** A WeChat web view (unnamed public file, search-index id 10915668970): isbot reads "tools". */
const WECHAT_FLAGGED =
  'Mozilla/5.0 (Linux; Android 7.0; SM-G928V Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/6.2 TBS/044506 Mobile Safari/537.36 MMWEBID/9796 MicroMessenger/7.0.3.1400(0x2700033B) Process/tools NetType/WIFI Language/zh_CN';
/** shalanah/inapp-spy src/tests/mobile.ts: Facebook's in-app browser without FBAN/FBAV. */
const FACEBOOK_META_IAB =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook';

interface Served {
  url: string;
  store: Store;
  close(): Promise<void>;
}

const STORES: { kind: string; start(): Promise<Served> }[] = [
  { kind: 'SQLite', start: () => startTestServer({ env: { TRUST_PROXY: '1' }, clock: () => NOW }) },
  {
    kind: 'PostgreSQL',
    start: () => startPostgresTestServerOnFreshSchema({ env: { TRUST_PROXY: '1' }, clock: () => NOW }),
  },
];

function visit(server: Served, shortCode: string, userAgent: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}/${shortCode}`,
      { headers: { 'User-Agent': userAgent, 'X-Forwarded-For': IP.us }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('error', reject);
  });
}

let nextCode = 0;
function createLink(server: Served, changes: Partial<NewLink> = {}) {
  nextCode += 1;
  return server.store.links.create({
    user_id: null,
    title: 'In-app test link',
    target_url: 'https://example.com/landing',
    short_code: `inapp-${nextCode}`,
    enable_tiktok_bypass: true,
    enable_country_redirect: false,
    country_redirect_url: null,
    enable_instagram_exit: true,
    instagram_exit_url: 'https://example.com/exit',
    created_at: NOW,
    ...changes,
  });
}

describe.each(STORES)('in-app visitors isbot flags, on $kind', ({ start }) => {
  let server: Served;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());

  it('are the cases isbot gets wrong', () => {
    expect([isbot(INSTAGRAM_FLAGGED), isbot(WECHAT_FLAGGED)]).toEqual([true, true]);
  });

  it('sends the flagged Instagram visitor to the Instagram exit and counts the click', async () => {
    const link = await createLink(server);
    expect(await visit(server, link.short_code, INSTAGRAM_FLAGGED)).toEqual({
      status: 302,
      location: 'https://example.com/exit',
    });
    const [click] = await server.store.clicks.listByLink(link.id);
    expect(click).toMatchObject({
      is_bot: false,
      instagram_exit: true,
      referrer_source: 'instagram',
      browser: 'Instagram',
      device_type: 'ios',
      user_agent: INSTAGRAM_FLAGGED,
    });
    expect(await server.store.links.counts(link.id)).toEqual(linkCounts(1, 1, 0));
  });

  it('counts the flagged WeChat visitor and a MetaIAB Facebook visitor as people of their apps, and a bot as a bot', async () => {
    const link = await createLink(server);
    for (const userAgent of [WECHAT_FLAGGED, FACEBOOK_META_IAB, UA.googlebot]) {
      expect(await visit(server, link.short_code, userAgent)).toEqual({
        status: 302,
        location: 'https://example.com/landing',
      });
    }
    const clicks = await server.store.clicks.listByLink(link.id);
    expect(clicks.map((c) => [c.is_bot, c.referrer_source, c.browser, c.device_type])).toEqual([
      [false, 'wechat', 'WeChat', 'android'],
      [false, 'facebook', 'Facebook', 'ios'],
      [true, null, null, 'web'],
    ]);
    expect((await server.store.links.counts(link.id)).total_clicks).toBe(2);
  });
});
