/**
 * Two rules of a link's fields over HTTP on both stores (docs/api.md#links): the loop rule compares
 * host names without their case or final dot, on every destination field; a link password's length
 * is counted in Unicode code points (4–128), and a long emoji password is stored whole; a destination
 * typed without a scheme is taken as https:// in a create, an update and an import, other schemes still refused.
 */
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../redirector/auth/passwords';
import { LINK_PASSWORD_LENGTH, SELF_LINK } from '../../../../redirector/contract/linkOptions';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const EMOJI = '\u{1F511}'; // one code point, two UTF-16 units

describe.each(STORE_SERVERS)('link rules ($kind)', ({ start }) => {
  let server: Awaited<ReturnType<typeof start>>;
  let codes = 0;

  const admin = () => ({ headers: adminHeaders(server.adminKey) });
  const create = (body: Record<string, unknown>) =>
    call(server as TestServer, 'POST', '/api/links', { ...admin(), body });
  const update = (id: number, body: Record<string, unknown>) =>
    call(server as TestServer, 'PUT', `/api/links?id=${id}`, { ...admin(), body });
  async function link(options: Record<string, unknown> = {}): Promise<Link> {
    codes += 1;
    const answer = await create({ target_url: 'https://example.com/', short_code: `rule-${codes}`, ...options });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Link;
  }

  serverSuite(start, [{ PUBLIC_URL: 'https://me.example' }], (p) => (server = p));

  describe('the loop rule', () => {
    it('refuses the service’s own host with a final dot, in any case, on every destination field', async () => {
      const owner = await newUser(server as TestServer, 'Dot owner');
      const domain = await call(server as TestServer, 'POST', '/api/user/domain', {
        headers: bearer(owner.token),
        body: { domain: 'go.example.net' },
      });
      expect(domain.status).toBe(200);
      // Only a verified domain is the service's own (docs/api.md#custom-domains).
      const verified = await call(server as TestServer, 'PUT', '/api/domains?domain=go.example.net', {
        ...admin(),
        body: { status: 'verified' },
      });
      expect(verified.status).toBe(200);
      const fields = (address: string): Record<string, unknown>[] => [
        { target_url: address },
        { target_url: 'https://example.com/', expired_url: address },
        { target_url: 'https://example.com/', ios_url: address },
        { target_url: 'https://example.com/', android_url: address },
        { target_url: 'https://example.com/', geo_targets: { DE: address } },
        { target_url: 'https://example.com/', enable_country_redirect: true, country_redirect_url: address },
        { target_url: 'https://example.com/', enable_instagram_exit: true, instagram_exit_url: address },
        {
          target_url: 'https://example.com/',
          variants: [
            { url: address, weight: 50 },
            { url: 'https://example.org/', weight: 50 },
          ],
        },
        { target_url: 'https://example.com/', rules: [{ when: [{ type: 'language', is: 'es' }], url: address }] },
      ];
      const loops = ['https://me.example./code', 'https://ME.Example.:443/code', 'http://GO.example.net./x'];
      const target = await link();
      for (const address of loops) {
        for (const body of fields(address)) {
          const created = await create(body);
          expect([created.status, created.body], JSON.stringify(body)).toEqual([400, { error: SELF_LINK }]);
          const { target_url: _, ...changes } = body;
          const changed = await update(target.id, Object.keys(changes).length > 0 ? changes : body);
          expect([changed.status, changed.body], JSON.stringify(body)).toEqual([400, { error: SELF_LINK }]);
        }
      }
      const imported = await call(server as TestServer, 'POST', '/api/links/user/import', {
        headers: { ...bearer(owner.token), 'Content-Type': 'text/csv' },
        rawBody: 'short_code,target_url\r\ndot-1,https://me.example./x\r\nok-dot,https://example.org./\r\n',
      });
      expect(imported.body).toEqual({ created: 1, failed: [{ line: 2, short_code: 'dot-1', error: SELF_LINK }] });
      // Another host that merely ends in a dot is fine.
      expect((await link({ target_url: 'https://sub.me.example./' })).target_url).toBe('https://sub.me.example./');
    });

    it('leaves no two-link loop through a final dot', async () => {
      const first = await link();
      const second = await create({ target_url: `https://me.example./${first.short_code}` });
      expect([second.status, second.body]).toEqual([400, { error: SELF_LINK }]);
      const back = await update(first.id, { target_url: `https://me.example./${first.short_code}` });
      expect([back.status, back.body]).toEqual([400, { error: SELF_LINK }]);
    });
  });

  describe('link password length', () => {
    it('accepts and stores 100 emoji whole; refuses 129 code points and 3', async () => {
      const long = EMOJI.repeat(100);
      const locked = await link({ password: long });
      expect(locked.has_password).toBe(true);
      const stored = await server.store.links.findById(locked.id);
      expect(stored?.password_hash).toEqual(expect.any(String));
      expect(await verifyPassword(long, stored!.password_hash!)).toBe(true);
      expect(await verifyPassword(EMOJI.repeat(64), stored!.password_hash!)).toBe(false);

      for (const password of [EMOJI.repeat(129), `${'x'.repeat(128)}${EMOJI}`, EMOJI.repeat(3), 'abc']) {
        const refused = await create({ target_url: 'https://example.com/', password });
        expect([refused.status, refused.body], `${password.length} units`).toEqual([
          400,
          { error: LINK_PASSWORD_LENGTH },
        ]);
        const changed = await update(locked.id, { password });
        expect([changed.status, changed.body]).toEqual([400, { error: LINK_PASSWORD_LENGTH }]);
      }
      const edge = await update(locked.id, { password: EMOJI.repeat(128) });
      expect([edge.status, (edge.body as Link).has_password]).toEqual([200, true]);
      const after = await server.store.links.findById(locked.id);
      expect(await verifyPassword(EMOJI.repeat(128), after!.password_hash!)).toBe(true);
    });
  });

  describe('a destination without a scheme', () => {
    it('is taken as https:// in a create, a user create, an update and an import row', async () => {
      const created = await create({ target_url: ' example.com/page?q=1 ' });
      expect([created.status, created.body.target_url]).toEqual([201, 'https://example.com/page?q=1']);
      const owner = await newUser(server as TestServer, 'Schemeless');
      const mine = await call(server as TestServer, 'POST', '/api/links/create', {
        headers: bearer(owner.token),
        body: { target_url: 'www.Example.org:8080/a b' },
      });
      expect([mine.status, mine.body.link?.target_url]).toEqual([201, 'https://www.example.org:8080/a%20b']);
      const changed = await update(created.body.id, { target_url: 'shop.example.net' });
      expect([changed.status, changed.body.target_url]).toEqual([200, 'https://shop.example.net/']);
      const imported = await call(server as TestServer, 'POST', '/api/links/user/import', {
        headers: { ...bearer(owner.token), 'Content-Type': 'text/csv' },
        rawBody: 'short_code,target_url\nbare-import,docs.example.com/start\n',
      });
      expect([imported.status, imported.body]).toEqual([200, { created: 1, failed: [] }]);
      expect((await server.store.links.findByShortCode('bare-import'))?.target_url).toBe(
        'https://docs.example.com/start',
      );
    });

    it('still refuses other schemes, relative paths, hosts without a dot and the service’s own host', async () => {
      for (const target of ['javascript:alert(1)', 'mailto:a@example.com', '/page', 'localhost/x', 'a@example.com']) {
        const refused = await create({ target_url: target });
        expect([refused.status, refused.body], target).toEqual([400, { error: 'Please enter a valid URL' }]);
      }
      const loop = await create({ target_url: 'me.example/code' });
      expect([loop.status, loop.body]).toEqual([400, { error: SELF_LINK }]);
    });
  });
});
