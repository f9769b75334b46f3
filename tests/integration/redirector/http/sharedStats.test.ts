/**
 * Shared stats (docs/api.md#shared-stats), on both stores: a share's page shows a link's counts
 * and never an address, a city or a recent click; every text is escaped; a revoked or expired share
 * answers 404 at once; a password form with the link form's limits; the token reaches no log;
 * only the link's owner (or the administrator) makes, lists and revokes shares; every page speaks
 * the request's language (Accept-Language, docs/api.md#languages).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, disableUser, newUser } from '../../../helpers/api';
import { captureLogs } from '../../../helpers/logs';
import { newClick } from '../../../helpers/records';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const VISITOR_ADDRESS = '203.0.113.77';

/** Whether the page's Content-Security-Policy lets its own inline style apply (else the browser drops it). */
async function styleAllowed(answer: Response): Promise<boolean> {
  const style = /<style>([\s\S]*?)<\/style>/.exec(await answer.text())?.[1] ?? '';
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return (answer.headers.get('content-security-policy') ?? '').includes(`'sha256-${hash}'`);
}
const DAY = 86_400_000;

describe.each(STORE_SERVERS)('shared stats ($kind)', ({ start }) => {
  let server: TestServer;
  let now = Date.UTC(2026, 5, 15, 12);
  let linkId: number;
  const admin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: adminHeaders(server.adminKey), body });
  const page = (url: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    fetch(url.replace('https://me.example.com', server.url), {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      redirect: 'manual',
    });
  const form = (password: string, from = '192.0.2.1', headers: Record<string, string> = {}) => ({
    method: 'POST',
    body: new URLSearchParams({ password }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from, ...headers },
  });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' }, () => now);
    const link = await admin('POST', '/api/links', {
      title: '<script>alert("x")</script> Sale',
      target_url: 'https://shop.example.org/secret-target',
    });
    expect(link.status).toBe(201);
    linkId = link.body.id;
    await server.store.clicks.insertMany([
      newClick(linkId, now - 2 * DAY, {
        ip_address: VISITOR_ADDRESS,
        city: 'Ashburn',
        referrer_source: 'news.example',
      }),
      newClick(linkId, now - DAY, { ip_address: '198.51.100.9', city: 'Ashburn', country: 'DE' }),
      newClick(linkId, now - 40 * DAY, { ip_address: '198.51.100.10', country: 'FR' }),
    ]);
  });
  afterAll(() => server?.close());

  it('shows the counts of the last 30 days, escaped, and never an address, a city or a recent click', async () => {
    const logs = captureLogs();
    try {
      const made = await admin('POST', `/api/links/share?id=${linkId}`, {});
      expect(made.status).toBe(201);
      expect(made.body.share).toMatchObject({ has_password: false, expires_at: null });
      const url: string = made.body.share.url;
      expect(url).toMatch(/^https:\/\/me\.example\.com\/stats\/[A-Za-z0-9_-]{43}$/);
      const answer = await page(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const html = await answer.text();
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Sale');
      expect(html).not.toContain('<script');
      expect(html).toMatch(/<b>2<\/b>Clicks/);
      expect(html).toContain('<td>US</td>');
      expect(html).toContain('<td>DE</td>');
      expect(html).toContain('<td>news.example</td>');
      expect(html).not.toContain('<td>FR</td>');
      for (const secret of [VISITOR_ADDRESS, '198.51.100.9', 'Ashburn', 'secret-target'])
        expect(html).not.toContain(secret);
      expect(html).not.toMatch(/recent/i);
      // Another range: the older click alone.
      const older = await (await page(`${url}?from=2026-05-01&to=2026-05-10`)).text();
      expect(older).toContain('<td>FR</td>');
      // The range form keeps the zone the page was asked in, so a new range reads its days there.
      expect(older).not.toContain('name="tz"');
      const tokyo = await (await page(`${url}?tz=Asia/Tokyo`)).text();
      expect(/<form method="get"[\s\S]*?<\/form>/.exec(tokyo)?.[0]).toContain(
        '<input type="hidden" name="tz" value="Asia/Tokyo">',
      );
      expect((await page(`${url}?from=2026-05-10&to=2026-05-01`)).status).toBe(400);
      const token = url.split('/').pop()!;
      expect(logs.lines.join('\n')).not.toContain(token);
    } finally {
      logs.restore();
    }
  });

  it('answers 404 at once after revocation, and for an expired share', async () => {
    const made = await admin('POST', `/api/links/share?id=${linkId}`, {
      expires_at: new Date(now + DAY).toISOString(),
    });
    const { url, id } = made.body.share;
    expect((await page(url)).status).toBe(200);
    const listed = await admin('GET', `/api/links/share?id=${linkId}`);
    expect(listed.body.shares.map((share: { id: number }) => share.id)).toContain(id);
    expect(listed.body.shares[0].url).toBeNull();
    expect((await admin('DELETE', `/api/links/share?id=${linkId}&share=${id}`)).status).toBe(204);
    const gone = await page(url);
    expect(gone.status).toBe(404);
    // The not-found page is styled (light or dark as the visitor's system), not dropped by the CSP.
    expect(await styleAllowed(gone)).toBe(true);
    expect(await styleAllowed(await page(`${server.url}/stats/unknown-token`))).toBe(true);
    expect((await admin('DELETE', `/api/links/share?id=${linkId}&share=${id}`)).status).toBe(404);

    const expiring = await admin('POST', `/api/links/share?id=${linkId}`, {
      expires_at: new Date(now + DAY).toISOString(),
    });
    expect((await page(expiring.body.share.url)).status).toBe(200);
    now += DAY;
    try {
      expect((await page(expiring.body.share.url)).status).toBe(404);
    } finally {
      now -= DAY;
    }
    expect((await admin('POST', `/api/links/share?id=${linkId}`, { expires_at: '2020-01-01T00:00:00Z' })).status).toBe(
      400,
    );
    expect((await admin('POST', `/api/links/share?id=${linkId}`, { password: 'abc' })).status).toBe(400);
  });

  it('asks for the password, with the limits of a link’s form', async () => {
    const made = await admin('POST', `/api/links/share?id=${linkId}`, { password: 'open sesame' });
    const { url } = made.body.share;
    expect(made.body.share.has_password).toBe(true);
    const asked = await page(url);
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    expect(askedHtml).toContain('name="password"');
    expect(askedHtml).not.toContain('<td>US</td>');
    expect((await page(url, form('wrong one'))).status).toBe(401);
    const right = await page(url, form('open sesame'));
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('<td>US</td>');
    const cookie = right.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await page(url, { headers: { Cookie: cookie } })).text()).toContain('<td>US</td>');
    expect(await (await page(url, { headers: { Cookie: `${cookie.split('=')[0]}=forged` } })).text()).not.toContain(
      '<td>US</td>',
    );
    // Ten wrong answers from one address: the eleventh answer, right or not, is refused.
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await page(url, form('nope', '192.0.2.9'))).status).toBe(401);
    const refused = await page(url, form('open sesame', '192.0.2.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address still gets in.
    expect((await page(url, form('open sesame', '192.0.2.10'))).status).toBe(200);
  });

  it('lets the owner alone make, list and revoke a link’s shares', async () => {
    const owner = await newUser(server, 'Owner');
    const stranger = await newUser(server, 'Stranger');
    const link = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { title: 'Mine', target_url: 'https://example.org/' },
    });
    const id = link.body.link.id;
    const made = await call(server, 'POST', `/api/links/share?id=${id}`, { headers: bearer(owner.token), body: {} });
    expect(made.status).toBe(201);
    for (const method of ['POST', 'GET']) {
      const body = method === 'POST' ? {} : undefined;
      const other = await call(server, method, `/api/links/share?id=${id}`, { headers: bearer(stranger.token), body });
      expect(other.status).toBe(404);
    }
    const revoke = `/api/links/share?id=${id}&share=${made.body.share.id}`;
    expect((await call(server, 'DELETE', revoke, { headers: bearer(stranger.token) })).status).toBe(404);
    expect((await page(made.body.share.url)).status).toBe(200);
    expect((await call(server, 'DELETE', revoke, { headers: bearer(owner.token) })).status).toBe(204);
    expect((await page(made.body.share.url)).status).toBe(404);
    expect((await call(server, 'GET', '/api/links/share', { headers: bearer(owner.token) })).status).toBe(400);
  });

  it('answers 410 for a disabled owner’s link, with or without a password, and 200 again once enabled', async () => {
    const owner = await newUser(server, 'Disabled');
    const link = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { target_url: 'https://example.org/owned' },
    });
    const share = (body: object) =>
      call(server, 'POST', `/api/links/share?id=${link.body.link.id}`, { headers: bearer(owner.token), body });
    const open: string = (await share({})).body.share.url;
    const locked: string = (await share({ password: 'open sesame' })).body.share.url;
    expect((await page(open)).status).toBe(200);
    await disableUser(server, owner.user.id);
    const gone = await page(open, { headers: { 'Accept-Language': 'es' } });
    expect([gone.status, gone.headers.get('cache-control'), gone.headers.get('content-language')]).toEqual([
      410,
      'no-store',
      'es',
    ]);
    expect(await styleAllowed(gone)).toBe(true);
    expect((await page(locked)).status).toBe(410);
    const unlocked = await page(locked, form('open sesame', '192.0.2.70'));
    expect([unlocked.status, await unlocked.text()]).toEqual([410, expect.stringContaining('has been disabled')]);
    expect((await admin('PUT', `/api/users?id=${owner.user.id}`, { disabled: false })).status).toBe(200);
    expect((await page(open)).status).toBe(200);
  });

  it('answers in the request’s language: the figures, the password form, its refusals and the 404', async () => {
    const spanish = { 'Accept-Language': 'es-ES,es;q=0.9' };
    const open = (await admin('POST', `/api/links/share?id=${linkId}`, {})).body.share.url as string;
    const shown = await page(open, { headers: spanish });
    expect(shown.headers.get('content-language')).toBe('es');
    expect(shown.headers.get('vary')).toContain('Accept-Language');
    const html = await shown.text();
    expect(html).toContain('<html lang="es">');
    for (const words of [
      'Estadísticas compartidas',
      'Clics por día',
      'Visitantes únicos',
      'Dispositivos',
      'Referentes',
    ])
      expect(html).toContain(words);
    expect(html).toMatch(/<b>2<\/b>Clics/);
    expect(html).toContain('<td>Escritorio y otros</td>');
    expect(html).not.toContain('Unique visitors');
    const english = await (await page(open, { headers: { 'Accept-Language': 'fr' } })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/<b>2<\/b>Clicks/);

    const locked = (await admin('POST', `/api/links/share?id=${linkId}`, { password: 'open sesame' })).body.share;
    expect(await (await page(locked.url, { headers: spanish })).text()).toContain(
      'Estas estadísticas están protegidas',
    );
    const wrong = await page(locked.url, form('wrong one', '192.0.2.50', spanish));
    expect([wrong.status, await wrong.text()]).toEqual([401, expect.stringContaining('Contraseña incorrecta')]);
    for (let attempt = 0; attempt < 9; attempt++) await (await page(locked.url, form('nope', '192.0.2.50'))).text();
    const refused = await page(locked.url, form('open sesame', '192.0.2.50', spanish));
    expect([refused.status, await refused.text()]).toEqual([
      429,
      expect.stringContaining('Demasiadas contraseñas incorrectas'),
    ]);

    expect((await admin('DELETE', `/api/links/share?id=${linkId}&share=${locked.id}`)).status).toBe(204);
    const gone = await page(locked.url, { headers: spanish });
    expect([gone.status, gone.headers.get('content-language')]).toEqual([404, 'es']);
    expect(await gone.text()).toContain('Enlace no encontrado');
  });

  it('keeps a link at 20 shares when 30 are made at once', async () => {
    const link = await admin('POST', '/api/links', { target_url: 'https://shop.example.org/many' });
    const made = await Promise.all(
      Array.from({ length: 30 }, () => admin('POST', `/api/links/share?id=${link.body.id}`, {})),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(new Set(made.filter((answer) => answer.status !== 201).map((answer) => answer.body.error))).toEqual(
      new Set(['A link has at most 20 shares: revoke one first']),
    );
    expect((await admin('GET', `/api/links/share?id=${link.body.id}`)).body.shares).toHaveLength(20);
  });
});
