/**
 * Links that convert over HTTP on both stores (docs/api.md#social-previews, #split-traffic): every
 * listed link-preview bot gets the card and nothing is counted, people are answered as before; a
 * split link sends each visitor to one variant for good, stores it on the click, and shows it in
 * the per-link analytics and the click export.
 */
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { PREVIEW_BOTS, UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from '../http/bothStores';

/** Two variants, each `[url, weight]`. */
const twoVariants = (...variants: [string, number][]) => variants.map(([url, weight]) => ({ url, weight }));

const VARIANTS = [
  { url: 'https://a.example/', weight: 70 },
  { url: 'https://b.example/', weight: 30 },
];

describe.each(STORE_SERVERS)('links that convert ($kind)', ({ start }) => {
  let server: TestServer;
  let codes = 0;

  const visit = (path: string, userAgent: string, ip = '3.3.3.3') =>
    request(`${server.url}${path}`, { headers: { 'User-Agent': userAgent, 'X-Forwarded-For': ip } });
  const create = (body: Record<string, unknown>) =>
    call(server, 'POST', '/api/links', { headers: adminHeaders(server.adminKey), body });
  async function link(options: Record<string, unknown>): Promise<Link> {
    codes += 1;
    const answer = await create({ target_url: 'https://example.com/landing', short_code: `cv-${codes}`, ...options });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Link;
  }
  const recorded = async (id: number) => server.store.clicks.listByLink(id);

  serverSuite(start, [{ TRUST_PROXY: '1', PUBLIC_URL: 'https://me.example' }], (p) => (server = p));

  describe('previews', () => {
    it('answers every listed link-preview bot with the escaped card, counting nothing', async () => {
      const card = await link({
        preview_title: 'Spring "sale" <now>',
        preview_description: 'Half off & more',
        preview_image: 'https://img.example/card.png',
        forward_query: true,
      });
      expect(card).toMatchObject({
        preview_title: 'Spring "sale" <now>',
        preview_image: 'https://img.example/card.png',
      });
      for (const [name, userAgent] of Object.entries(PREVIEW_BOTS)) {
        const answer = await visit(`/${card.short_code}?ref=x`, userAgent);
        expect(answer.status, name).toBe(200);
        expect(answer.headers['content-type'], name).toBe('text/html; charset=utf-8');
        expect(answer.body, name).toContain('<meta property="og:title" content="Spring &quot;sale&quot; &lt;now&gt;">');
        expect(answer.body).toContain('<meta property="og:description" content="Half off &amp; more">');
        expect(answer.body).toContain('<meta property="og:image" content="https://img.example/card.png">');
        expect(answer.body).toContain('<meta property="og:url" content="https://me.example/cv-1">');
        expect(answer.body).toContain('<meta name="twitter:card" content="summary_large_image">');
        expect(answer.body).toContain('<meta http-equiv="refresh" content="0; url=https://example.com/landing?ref=x">');
        expect(answer.body).not.toContain('<now>');
      }
      // People are answered as before, and only they are counted.
      const person = await visit(`/${card.short_code}`, UA.desktopChrome);
      expect([person.status, person.headers.location]).toEqual([302, 'https://example.com/landing']);
      // A bot that fetches no previews (a search engine) is redirected as before.
      expect((await visit(`/${card.short_code}`, UA.googlebot)).status).toBe(302);
      const clicks = await recorded(card.id);
      expect(clicks.filter((click) => !click.is_bot)).toHaveLength(1);
      expect(clicks.filter((click) => click.is_bot)).toHaveLength(1);
    });

    it('gives a summary card without an image, and leaves links without a preview alone', async () => {
      const plain = await link({ title: 'Plain title', preview_description: 'Only words' });
      const answer = await visit(`/${plain.short_code}`, UA.twitterbot);
      expect(answer.body).toContain('<meta name="twitter:card" content="summary">');
      expect(answer.body).toContain('<meta property="og:title" content="Plain title">');
      expect(answer.body).not.toContain('og:image');
      const none = await link({});
      expect((await visit(`/${none.short_code}`, UA.twitterbot)).status).toBe(302);
      // A protected link's bot gets the form, never the card (nor the destination).
      const locked = await link({ preview_title: 'Secret', password: 'open-sesame' });
      const form = await visit(`/${locked.short_code}`, UA.facebookexternalhit);
      expect(form.body).toContain('This link is protected');
      expect(form.body).not.toContain('og:title');
    });

    it("takes a one-time link's place with its card, which shows the destination: it opens once, for whoever comes first", async () => {
      const once = await link({ preview_title: 'Once', max_clicks: 1 });
      const card = await visit(`/${once.short_code}`, UA.twitterbot);
      expect(card.status).toBe(200);
      expect(card.body).toContain('url=https://example.com/landing');
      // The place is gone: neither a person nor the bot again gets the destination.
      expect((await visit(`/${once.short_code}`, UA.desktopChrome)).status).toBe(410);
      const again = await visit(`/${once.short_code}`, UA.twitterbot);
      expect(again.status).toBe(410);
      expect(again.body).not.toContain('example.com/landing');
      // The card itself is no click.
      expect(await recorded(once.id)).toEqual([]);
    });

    it('refuses a long title, a long description and an image that is not https', async () => {
      for (const [body, message] of [
        [{ preview_title: 'x'.repeat(121) }, 'Preview title must be at most 120 characters'],
        [{ preview_description: 'x'.repeat(301) }, 'Preview description must be at most 300 characters'],
        [{ preview_image: 'http://img.example/a.png' }, 'Preview image must be an https:// address'],
      ] as const) {
        const answer = await create({ target_url: 'https://example.com/', ...body });
        expect([answer.status, answer.body.error]).toEqual([400, message]);
      }
    });
  });

  describe('split traffic', () => {
    it('refuses variants that break a rule, naming it, and a variant back into the service', async () => {
      const cases: [unknown, string][] = [
        [[{ url: 'https://a.example/', weight: 100 }], 'Variants: give 2 to 5 entries, or none'],
        [[...VARIANTS, ...VARIANTS, ...VARIANTS], 'Variants: give 2 to 5 entries, or none'],
        [
          twoVariants(['https://a.example/', 50.5], ['https://b.example/', 49.5]),
          'Variants: each weight must be a whole number from 1 to 100',
        ],
        [
          twoVariants(['https://a.example/', 0], ['https://b.example/', 100]),
          'Variants: each weight must be a whole number from 1 to 100',
        ],
        [
          twoVariants(['https://a.example/', 60], ['https://b.example/', 30]),
          'Variants: the weights must add up to 100',
        ],
        [
          twoVariants(['ftp://a.example/', 50], ['https://b.example/', 50]),
          'Variants: each entry needs a valid http(s) url',
        ],
        [{ url: 'https://a.example/' }, 'Variants must be a list of {url, weight}'],
        [
          twoVariants(['https://me.example/x', 50], ['https://b.example/', 50]),
          "A short link cannot point to this service's own short links",
        ],
      ];
      for (const [variants, message] of cases) {
        const answer = await create({ target_url: 'https://example.com/', variants });
        expect([answer.status, answer.body.error], JSON.stringify(variants)).toEqual([400, message]);
      }
    });

    it('keeps each visitor on one variant, stores it on the click, and shows it in analytics and the export', async () => {
      const split = await link({ variants: VARIANTS, ios_url: 'https://apps.apple.com/x' });
      expect(split.variants).toEqual(VARIANTS);
      const seen = new Map<string, string>();
      for (let i = 0; i < 40; i++) {
        const ip = `3.3.${i}.7`;
        const first = await visit(`/${split.short_code}`, UA.desktopChrome, ip);
        expect(first.status).toBe(302);
        expect(VARIANTS.map((variant) => variant.url)).toContain(first.headers.location);
        seen.set(ip, first.headers.location!);
        expect((await visit(`/${split.short_code}`, UA.androidChrome, ip)).headers.location).toBe(
          first.headers.location,
        );
      }
      // The device's own address wins for its devices; that click takes no variant.
      expect((await visit(`/${split.short_code}`, UA.iphoneSafari, '3.3.200.1')).headers.location).toBe(
        'https://apps.apple.com/x',
      );
      const clicks = await recorded(split.id);
      expect(clicks).toHaveLength(81);
      const byVariant = [0, 0];
      for (const click of clicks) {
        if (click.variant === null) continue;
        byVariant[click.variant]! += 1;
        expect(VARIANTS[click.variant]!.url).toBe(seen.get(click.ip_address));
      }
      expect(clicks.filter((click) => click.variant === null)).toHaveLength(1);
      expect(byVariant[0]! + byVariant[1]!).toBe(80);
      expect(byVariant[0]).toBeGreaterThan(0);
      expect(byVariant[1]).toBeGreaterThan(0);

      const today = new Date().toISOString().slice(0, 10);
      const admin = await call(server, 'GET', `/api/analytics/${split.id}?from=${today}&to=${today}`, {
        headers: adminHeaders(server.adminKey),
      });
      expect(admin.status).toBe(200);
      expect(admin.body.variants).toEqual([
        { ...VARIANTS[0], clicks: byVariant[0], unique_visitors: byVariant[0]! / 2 },
        { ...VARIANTS[1], clicks: byVariant[1], unique_visitors: byVariant[1]! / 2 },
      ]);
      const allTime = await call(server, 'GET', `/api/analytics/${split.id}`, {
        headers: adminHeaders(server.adminKey),
      });
      expect(allTime.body.variants).toEqual(admin.body.variants);
      const empty = await call(server, 'GET', `/api/analytics/${split.id}?from=2020-01-01&to=2020-01-02`, {
        headers: adminHeaders(server.adminKey),
      });
      expect(empty.body.variants.map((row: { clicks: number }) => row.clicks)).toEqual([0, 0]);

      const csv = await request(`${server.url}/api/analytics/${split.id}/clicks?format=csv`, {
        headers: adminHeaders(server.adminKey),
      });
      const [header, ...rows] = csv.body.trim().split('\r\n');
      // The third column from the end (then imported and rule); the user agent before them holds quoted commas.
      expect(header!.split(',').slice(-3)).toEqual(['variant', 'imported', 'rule']);
      const cells = rows.map((row) => row.split(',').at(-3));
      expect(cells.filter((cell) => cell === '0')).toHaveLength(byVariant[0]!);
      expect(cells.filter((cell) => cell === '')).toHaveLength(1);
    });

    it("shows a user's split link's variants in their analytics, and removes the split with []", async () => {
      const owner = await newUser(server, 'Splitter');
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(owner.token),
        body: { target_url: 'https://example.com/', variants: VARIANTS },
      });
      expect(created.status).toBe(201);
      const id = created.body.link.id as number;
      await visit(`/${created.body.link.short_code}`, UA.desktopChrome, '3.3.3.9');
      const stats = await call(server, 'GET', `/api/analytics/user?linkId=${id}`, { headers: bearer(owner.token) });
      expect(stats.body.variants.reduce((sum: number, row: { clicks: number }) => sum + row.clicks, 0)).toBe(1);
      const cleared = await call(server, 'PUT', `/api/links/update?linkId=${id}`, {
        headers: bearer(owner.token),
        body: { variants: [] },
      });
      expect(cleared.body.link.variants).toEqual([]);
      const plain = await visit(`/${created.body.link.short_code}`, UA.desktopChrome, '3.3.3.9');
      expect(plain.headers.location).toBe('https://example.com/');
    });
  });
});
