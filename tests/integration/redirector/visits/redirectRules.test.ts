/**
 * Links under control over HTTP on both stores (docs/api.md#schedule-and-switch, #redirect-rules):
 * a link before its start or turned off answers its 404 page (in the request's language) and counts
 * nothing; each rule condition (language, query, ip with IPv4 and IPv6, country, device, time)
 * sends the visitor where it should and no further; app links come ahead of the rules and rules ahead of country targets;
 * each click records its rule, and the link's analytics count clicks per rule. Bad rules are clear
 * 400s naming the field; archived links leave the list unless asked for; `q` searches notes.
 */
import { describe, expect, it } from 'vitest';
import type { LinkAnalyticsResponse } from '../../../../redirector/contract/analytics';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, call } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from '../http/bothStores';

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

describe.each(STORE_SERVERS)('links under control ($kind)', ({ start }) => {
  let server: TestServer;
  let codes = 0;

  const admin = () => ({ headers: adminHeaders(server.adminKey) });
  const visit = (path: string, headers: Record<string, string> = {}) =>
    request(`${server.url}${path}`, {
      headers: { 'User-Agent': UA.desktopChrome, 'X-Forwarded-For': IP.us, ...headers },
    });
  const create = (body: Record<string, unknown>) => call(server, 'POST', '/api/links', { ...admin(), body });
  const update = (id: number, body: Record<string, unknown>) =>
    call(server, 'PUT', `/api/links?id=${id}`, { ...admin(), body });
  async function link(options: Record<string, unknown>): Promise<Link> {
    codes += 1;
    const answer = await create({ target_url: 'https://example.com/', short_code: `ctl-${codes}`, ...options });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Link;
  }
  const clicks = (id: number) => server.store.clicks.listByLink(id);
  /** Where each visit went: [status, location]. */
  const wentTo = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await visit(path, headers);
    return [answer.status, answer.headers.location ?? null];
  };

  /**
   * The link answers 404 with its page's text in English, and in Spanish to `acceptLanguage`, and
   * counts nothing; after `change` it redirects and counts the visit.
   */
  async function expectClosedUntil(
    closed: Link,
    [english, spanish]: readonly [string, string],
    acceptLanguage: string,
    change: Record<string, unknown>,
  ) {
    const answer = await visit(`/${closed.short_code}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain(english);
    const translated = await visit(`/${closed.short_code}`, { 'Accept-Language': acceptLanguage });
    expect([translated.status, translated.headers['content-language']]).toEqual([404, 'es']);
    expect(translated.body).toContain(spanish);
    expect(await clicks(closed.id)).toHaveLength(0);
    expect((await update(closed.id, change)).status).toBe(200);
    expect(await wentTo(`/${closed.short_code}`)).toEqual([302, 'https://example.com/']);
    expect(await clicks(closed.id)).toHaveLength(1);
  }

  serverSuite(start, [{ TRUST_PROXY: '1' }], (p) => (server = p));

  describe('schedule and switch', () => {
    it('answers 404 "not active yet" before starts_at and counts nothing, then redirects', async () => {
      const later = await link({ starts_at: iso(HOUR) });
      expect(later.starts_at).toBe(new Date(Date.parse(later.starts_at!)).toISOString());
      const texts = ['This link is not active yet', 'Este enlace aún no está activo'] as const;
      await expectClosedUntil(later, texts, 'es-MX,es;q=0.9', { starts_at: iso(-HOUR) });
    });

    it('answers 404 "turned off" while enabled is false and counts nothing, then redirects again', async () => {
      const off = await link({ enabled: false });
      expect(off.enabled).toBe(false);
      await expectClosedUntil(off, ['This link is turned off', 'Este enlace está apagado'], 'es', { enabled: true });
    });

    it('keeps archived links out of the list unless asked, still redirecting them; q searches notes', async () => {
      const kept = await link({ notes: 'Spring campaign, owner Ana' });
      const archived = await link({ archived: true, notes: 'Winter leftovers' });
      const list = async (query: string) => {
        const answer = await call(server, 'GET', `/api/links?per_page=200${query}`, admin());
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return {
          codes: (answer.body as Link[]).map((each) => each.short_code),
          total: Number((answer.headers as Headers).get('x-total-count')),
        };
      };
      const plain = await list('');
      expect(plain.codes).toContain(kept.short_code);
      expect(plain.codes).not.toContain(archived.short_code);
      expect(plain.total).toBe(plain.codes.length);
      expect((await list('&archived=only')).codes).toEqual([archived.short_code]);
      const all = await list('&archived=all');
      expect(all.codes).toEqual(expect.arrayContaining([kept.short_code, archived.short_code]));
      expect(all.total).toBe(plain.total + 1);
      expect((await list('&q=owner%20ana')).codes).toEqual([kept.short_code]);
      expect((await list('&q=winter&archived=all')).codes).toEqual([archived.short_code]);
      expect((await call(server, 'GET', '/api/links?archived=some', admin())).status).toBe(400);
      expect(await wentTo(`/${archived.short_code}`)).toEqual([302, 'https://example.com/']);
      const tooLong = await create({ target_url: 'https://example.com/', notes: 'n'.repeat(2001) });
      expect([tooLong.status, tooLong.body]).toEqual([400, { error: 'Notes must be at most 2000 characters' }]);
    });
  });

  describe('redirect rules', () => {
    it('matches each condition where it holds and nowhere else, IPv6 included', async () => {
      const cases: [Record<string, unknown>, Record<string, string>, string, Record<string, string>][] = [
        [{ type: 'language', is: 'es' }, { 'Accept-Language': 'es-MX,en;q=0.8' }, '', { 'Accept-Language': 'en,es' }],
        [{ type: 'query', name: 'src', value: 'mail' }, {}, '?src=mail', {}],
        [{ type: 'query', name: 'vip' }, {}, '?vip', {}],
        [
          { type: 'ip', cidr: '10.1.0.0/16' },
          { 'X-Forwarded-For': '10.1.200.3' },
          '',
          { 'X-Forwarded-For': '10.2.0.1' },
        ],
        [
          { type: 'ip', cidr: '2001:db8:abcd::/48' },
          { 'X-Forwarded-For': '2001:db8:abcd:12::1' },
          '',
          { 'X-Forwarded-For': '2001:db8:abce::1' },
        ],
        [{ type: 'ip', cidr: '2001:db8::1' }, { 'X-Forwarded-For': '2001:0db8:0:0::1' }, '', {}],
        // A mapped block is its IPv4 block, and a mapped address (in hex too) its IPv4 visitor.
        [
          { type: 'ip', cidr: '::ffff:10.3.0.0/112' },
          { 'X-Forwarded-For': '10.3.4.5' },
          '',
          { 'X-Forwarded-For': '10.4.0.1' },
        ],
        [
          { type: 'ip', cidr: '10.5.0.0/16' },
          { 'X-Forwarded-For': '::ffff:a05:1' },
          '',
          { 'X-Forwarded-For': '::ffff:a06:1' },
        ],
        [{ type: 'country', is: 'in' }, { 'X-Forwarded-For': IP.india }, '', {}],
        [{ type: 'device', is: 'ios' }, { 'User-Agent': UA.iphoneSafari }, '', { 'User-Agent': UA.androidChrome }],
        [{ type: 'device', is: 'mobile' }, { 'User-Agent': UA.androidChrome }, '', {}],
        [{ type: 'device', is: 'desktop' }, {}, '', { 'User-Agent': UA.iphoneSafari }],
      ];
      for (const [condition, matching, query, failing] of cases) {
        const ruled = await link({ rules: [{ when: [condition], url: 'https://rule.example/' }] });
        const label = JSON.stringify(condition);
        expect(await wentTo(`/${ruled.short_code}${query}`, matching), label).toEqual([
          302,
          `https://rule.example/${query}`,
        ]);
        expect(await wentTo(`/${ruled.short_code}?src=web`, failing), label).toEqual([
          302,
          'https://example.com/?src=web',
        ]);
        expect((await clicks(ruled.id)).map((click) => click.rule).sort(), label).toEqual([0, null]);
      }
      const within = (after: string, before: string) =>
        link({ rules: [{ when: [{ type: 'time', after, before }], url: 'https://rule.example/' }] });
      const now = await within(iso(-HOUR), iso(HOUR));
      expect(await wentTo(`/${now.short_code}`)).toEqual([302, 'https://rule.example/']);
      for (const window of [await within(iso(-2 * HOUR), iso(-HOUR)), await within(iso(HOUR), iso(2 * HOUR))]) {
        expect(await wentTo(`/${window.short_code}`)).toEqual([302, 'https://example.com/']);
        expect((await clicks(window.id)).map((click) => click.rule)).toEqual([null]);
      }
    });

    it('takes the first rule whose conditions all hold, after app links and before country targets', async () => {
      const ruled = await link({
        ios_url: 'https://apps.apple.com/app/me',
        geo_targets: { US: 'https://us.example/' },
        rules: [
          {
            when: [
              { type: 'country', is: 'US' },
              { type: 'query', name: 'src', value: 'mail' },
            ],
            url: 'https://one.example/',
          },
          { when: [{ type: 'country', is: 'US' }], url: 'https://two.example/' },
          { when: [{ type: 'device', is: 'desktop' }], url: 'https://three.example/' },
        ],
      });
      const path = `/${ruled.short_code}`;
      expect(await wentTo(`${path}?src=mail`)).toEqual([302, 'https://one.example/?src=mail']);
      expect(await wentTo(path)).toEqual([302, 'https://two.example/']);
      expect(await wentTo(path, { 'X-Forwarded-For': IP.india })).toEqual([302, 'https://three.example/']);
      expect(await wentTo(path, { 'User-Agent': UA.iphoneSafari })).toEqual([302, 'https://apps.apple.com/app/me']);
      expect(await wentTo(path, { 'User-Agent': UA.androidChrome, 'X-Forwarded-For': IP.india })).toEqual([
        302,
        'https://example.com/',
      ]);
      const recorded = (await clicks(ruled.id)).map((click) => click.rule);
      expect(recorded.sort()).toEqual([0, 1, 2, null, null]);
      const stats = await call(server, 'GET', `/api/analytics/${ruled.id}`, admin());
      const answer = stats.body as LinkAnalyticsResponse;
      expect(answer.stats.rules).toEqual([
        { rule: 0, clicks: 1 },
        { rule: 1, clicks: 1 },
        { rule: 2, clicks: 1 },
      ]);
      expect(answer.recentClicks.map((click) => click.rule).sort()).toEqual([0, 1, 2, null, null]);
      const plain = (await call(server, 'GET', `/api/analytics/${(await link({})).id}`, admin())).body;
      expect((plain as LinkAnalyticsResponse).stats.rules).toEqual([]);
    });

    it('refuses bad rules with a 400 naming the field, and keeps the stored rules', async () => {
      const rule = (when: unknown[]) => ({ when, url: 'https://rule.example/' });
      const country = { type: 'country', is: 'US' };
      const cases: [unknown, string][] = [
        ['nope', 'rules must be a list of {when, url}'],
        [Array.from({ length: 21 }, () => rule([country])), 'rules: at most 20 rules'],
        [[rule([country]), { when: [country], url: 'ftp://x' }], 'rules[1].url must be a valid http(s) URL'],
        [
          [rule([country, country, country, country, country, country])],
          'rules[0].when must be a list of 1 to 5 conditions',
        ],
        [[rule([])], 'rules[0].when must be a list of 1 to 5 conditions'],
        [
          [rule([{ type: 'weather' }])],
          'rules[0].when[0].type must be one of language, query, ip, country, device, time',
        ],
        [
          [rule([country]), rule([country]), rule([country]), rule([country, { type: 'ip', cidr: '10.0.0.0/33' }])],
          'rules[3].when[1].cidr must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32',
        ],
        [
          [rule([{ type: 'ip', cidr: 'fe80::1%eth0' }])],
          'rules[0].when[0].cidr must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32',
        ],
        [
          [rule([{ type: 'ip', cidr: '2001:db8:::1/64' }])],
          'rules[0].when[0].cidr must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32',
        ],
        [[rule([{ type: 'country', is: 'USA' }])], 'rules[0].when[0].is must be a two-letter country code'],
        [[rule([{ type: 'device', is: 'tablet' }])], 'rules[0].when[0].is must be ios, android, desktop, mobile'],
        [[rule([{ type: 'language', is: 'español' }])], 'rules[0].when[0].is must be a language code such as "es"'],
        [
          [rule([{ type: 'query', name: '' }])],
          'rules[0].when[0].name must be a query parameter name of 1 to 100 characters',
        ],
        [[rule([{ type: 'time' }])], 'rules[0].when[0] needs after, before or both'],
        [
          [rule([{ type: 'time', after: 'tomorrow' }])],
          'rules[0].when[0].after must be an ISO 8601 date and time with its zone',
        ],
        [
          [rule([{ type: 'time', after: '2031-02-30T00:00:00Z' }])],
          'rules[0].when[0].after must be an ISO 8601 date and time with its zone',
        ],
        [
          [rule([{ type: 'time', after: iso(HOUR), before: iso(-HOUR) }])],
          'rules[0].when[0].after must be earlier than its before',
        ],
      ];
      const kept = await link({ rules: [rule([country])] });
      for (const [rules, error] of cases) {
        const answer = await update(kept.id, { rules });
        expect([answer.status, answer.body], error).toEqual([400, { error }]);
      }
      const stored = (await call(server, 'GET', `/api/links?id=${kept.id}`, admin())).body as Link;
      expect(stored.rules).toEqual([rule([country])]);
      const twenty = Array.from({ length: 20 }, () => rule([country, country, country, country, country]));
      expect((await update(kept.id, { rules: twenty })).status).toBe(200);
      expect((await update(kept.id, { rules: null })).body).toMatchObject({ rules: [] });
      // A day the calendar does not have is refused, not moved to the next month's.
      for (const startsAt of ['soon', '2031-02-30T00:00:00Z', '2030-04-31T12:00:00+02:00']) {
        expect((await update(kept.id, { starts_at: startsAt })).body, startsAt).toEqual({
          error: 'starts_at must be an ISO 8601 date and time with its zone',
        });
      }
      expect((await update(kept.id, { expires_at: '2031-02-29T00:00:00Z' })).body).toEqual({
        error: 'Expiry must be an ISO 8601 date and time',
      });
      expect((await update(kept.id, { starts_at: '2032-02-29T00:00:00Z' })).body).toMatchObject({
        starts_at: '2032-02-29T00:00:00.000Z',
      });
    });
  });
});
