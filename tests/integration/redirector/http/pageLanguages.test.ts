/**
 * The server's own pages follow Accept-Language (docs/api.md#languages), on both stores: 404 (the
 * edge's and Koa's), 410 disabled, the expired page, the password form and a wrong password, the
 * TikTok page, the hub and its 410. Spanish for `es-ES,es;q=0.9`, English by default and for a
 * language without a catalogue; `<html lang>`, Content-Language and Vary: Accept-Language; the hub's
 * ETag differs by language. A redirect carries none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { type RawAnswer, request } from '../../../helpers/rawRequest';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

const SPANISH = 'es-ES,es;q=0.9';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

function expectLanguage(answer: RawAnswer, language: string, text: string): void {
  expect(answer.headers['content-language']).toBe(language);
  expect(answer.headers.vary).toContain('Accept-Language');
  expect(answer.body).toContain(`<html lang="${language}">`);
  expect(answer.body).toContain(text);
}

describe.each(STORE_SERVERS)('the server pages in the asked language ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  const visit = (path: string, language?: string, userAgent: string = UA.desktopChrome) =>
    request(`${server.url}${path}`, {
      headers: { 'User-Agent': userAgent, ...(language ? { 'Accept-Language': language } : {}) },
    });
  const create = async (short_code: string, options: Record<string, unknown> = {}) => {
    const body = { target_url: 'https://example.com/landing', short_code, ...options };
    const answer = await call(server, 'POST', '/api/links/create', { headers: bearer(alice.token), body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com' });
    alice = await newUser(server, 'Alice');
    await create('plain');
    await create('locked', { password: 'open sesame' });
    await create('gone', { expires_at: new Date(Date.now() - 3_600_000).toISOString() });
    await create('tiktok', { enable_tiktok_bypass: true });
    const hub = { handle: 'alice', title: 'Alice', published: true, tiktok_bypass: true, links: [] };
    expect((await call(server, 'PUT', '/api/hub', { headers: bearer(alice.token), body: hub })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('answers 404 in Spanish for es-ES, in English by default and for fr, from the edge and from Koa', async () => {
    for (const path of ['/no-such-code', '/no/such/page']) {
      const spanish = await visit(path, SPANISH);
      expect(spanish.status).toBe(404);
      expectLanguage(spanish, 'es', '<h1>Enlace no encontrado</h1>');
      expectLanguage(await visit(path), 'en', '<h1>Link not found</h1>');
      expectLanguage(await visit(path, 'fr-FR,fr;q=0.9'), 'en', '<h1>Link not found</h1>');
      // The best q wins, by base language.
      expectLanguage(await visit(path, 'fr;q=0.9, es-MX;q=0.8, en;q=0.5'), 'es', 'Enlace no encontrado');
    }
  });

  it('keeps the redirect free of language work', async () => {
    const answer = await visit('/plain', SPANISH);
    expect(answer.status).toBe(302);
    expect(answer.headers['content-language']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
  });

  it('shows the password form, a wrong password and the expired page in the asked language', async () => {
    const form = await visit('/locked', SPANISH);
    expect(form.status).toBe(200);
    expectLanguage(form, 'es', '<h1>Este enlace está protegido</h1>');
    expect(form.body).toContain('<button type="submit">Abrir enlace</button>');
    expectLanguage(await visit('/locked'), 'en', '<h1>This link is protected</h1>');
    const wrong = await request(`${server.url}/locked`, {
      method: 'POST',
      headers: { ...FORM, 'User-Agent': UA.desktopChrome, 'Accept-Language': SPANISH },
      body: new URLSearchParams({ password: 'nope' }).toString(),
    });
    expect(wrong.status).toBe(401);
    expectLanguage(wrong, 'es', 'Contraseña incorrecta');
    const expired = await visit('/gone', SPANISH);
    expect(expired.status).toBe(410);
    expectLanguage(expired, 'es', '<h1>Este enlace ha caducado</h1>');
    expectLanguage(await visit('/gone', 'fr'), 'en', '<h1>This link has expired</h1>');
  });

  it("shows the TikTok page in the asked language, the script's messages included", async () => {
    const page = await visit('/tiktok', SPANISH, UA.tiktokIos);
    expect(page.status).toBe(200);
    expectLanguage(page, 'es', '<h1>Abre este enlace en tu navegador</h1>');
    expect(page.body).toContain('data-copied="Enlace copiado. Pégalo en tu navegador."');
    expectLanguage(await visit('/tiktok', undefined, UA.tiktokIos), 'en', '<h1>Open this link in your browser</h1>');
  });

  it('renders the hub per language: its own ETag, 304 only for the same language', async () => {
    const spanish = await visit('/@alice', SPANISH, UA.tiktokIos);
    const english = await visit('/@alice', undefined, UA.tiktokIos);
    expectLanguage(spanish, 'es', '<strong>Abre esta página en tu navegador</strong>');
    expect(spanish.body).toContain('<nav aria-label="Enlaces">');
    expectLanguage(english, 'en', '<strong>Open this page in your browser</strong>');
    expect(spanish.headers.vary).toBe('Accept-Language, Accept-Encoding, User-Agent');
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    const again = (language: string | undefined, etag: string) =>
      request(`${server.url}/@alice`, {
        headers: {
          'User-Agent': UA.tiktokIos,
          'If-None-Match': etag,
          ...(language ? { 'Accept-Language': language } : {}),
        },
      });
    const kept = await again(SPANISH, spanish.headers.etag!);
    expect([kept.status, kept.headers['content-language']]).toEqual([304, 'es']);
    expect((await again(undefined, spanish.headers.etag!)).status).toBe(200);
  });

  it('answers 410 for a disabled owner in the asked language, link and hub', async () => {
    const disable = (disabled: boolean) =>
      call(server, 'PUT', `/api/users?id=${alice.user.id}`, {
        headers: adminHeaders(server.adminKey),
        body: { disabled },
      });
    expect((await disable(true)).status).toBe(200);
    try {
      // The page cache keeps a hub a second at most.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const link = await visit('/plain', SPANISH);
      expect(link.status).toBe(410);
      expectLanguage(link, 'es', '<h1>Este enlace se ha desactivado</h1>');
      expectLanguage(await visit('/plain'), 'en', '<h1>This link has been disabled</h1>');
      const hub = await visit('/@alice', SPANISH);
      expect(hub.status).toBe(410);
      expectLanguage(hub, 'es', '<h1>Esta página se ha desactivado</h1>');
      expectLanguage(await visit('/@alice', 'fr'), 'en', '<h1>This page has been disabled</h1>');
    } finally {
      await disable(false);
    }
  });
});
