/**
 * Input no call should answer with a 5xx, on both stores (docs/api.md#rules-for-every-call):
 * prototype keys, NULs, lone surrogates, deep nesting, bad Content-Encoding; the /api headers.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_PROTO_KEY,
  BODY_TOO_DEEP,
  ENCODING_BROKEN,
  ENCODING_UNSUPPORTED,
  TEXT_NUL,
  TEXT_SURROGATE,
} from '../../../../redirector/http/jsonBody';
import { type FreshServer, STORE_KINDS, send, startFreshServer } from './hardeningHelpers';

describe.each(STORE_KINDS)('hostile input on %s', (kind) => {
  let server: FreshServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    // Every request from its own address: the limiters are tested elsewhere.
    server = await startFreshServer(kind, { env: { TRUST_PROXY: '1' } });
    admin = { 'X-API-Key': server.adminKey };
  });
  afterAll(() => server.stop());

  let addresses = 0;
  const from = () => {
    addresses += 1;
    return { 'X-Forwarded-For': `198.18.${addresses >> 8}.${addresses & 255}` };
  };
  const post = (path: string, rawBody: string | Uint8Array, headers: Record<string, string> = {}) =>
    send(server.url, 'POST', path, {
      rawBody,
      headers: { 'Content-Type': 'application/json', ...admin, ...from(), ...headers },
    });

  it('answers a "__proto__" key with 400 and takes "constructor" as any other unknown key', async () => {
    const paths = ['/api/links', '/api/auth?action=admin', '/api/auth?action=login', '/api/auth?action=register'];
    for (const path of paths) {
      for (const body of ['{"__proto__": {"admin": true}}', '{"a": [{"b": {"__proto__": null}}]}']) {
        const answer = await post(path, body);
        expect(answer.status, `${path} ${body}`).toBe(400);
        expect(answer.body).toEqual({ error: BODY_PROTO_KEY });
      }
    }
    const link = await post('/api/links', '{"constructor": {"prototype": 1}, "target_url": "https://example.com/c"}');
    expect(link.status).toBe(201);
    const register = await post(
      '/api/auth?action=register',
      JSON.stringify({ constructor: 1, name: 'C', email: `ctor-${kind}@example.com`, password: 'long-enough' }),
    );
    expect(register.status).toBe(201);
  });

  it('answers a NUL in any text with 400, the login email and password included', async () => {
    const cases: [string, unknown][] = [
      ['/api/links', { target_url: 'https://example.com/', title: 'a\u0000b' }],
      ['/api/links', { target_url: 'https://example.com/\u0000' }],
      ['/api/links', { 'tar\u0000get': 'x' }],
      ['/api/auth?action=register', { name: 'N\u0000', email: `nul-${kind}@example.com`, password: 'long-enough' }],
      ['/api/auth?action=register', { name: 'N', email: `nul-${kind}@example.com\u0000`, password: 'long-enough' }],
      ['/api/auth?action=login', { email: `nul\u0000-${kind}@example.com`, password: 'whatever' }],
      ['/api/auth?action=admin', { key: `${server.adminKey}\u0000` }],
    ];
    for (const [path, body] of cases) {
      const answer = await post(path, JSON.stringify(body));
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toEqual({ error: TEXT_NUL });
    }
    const query = await send(server.url, 'GET', '/api/analytics/summary?tz=UTC%00', {
      headers: { ...admin, ...from() },
    });
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ error: TEXT_NUL });
  });

  it('never signs in with a password followed by a NUL', async () => {
    const email = `nul-password-${kind}@example.com`;
    expect(
      (await post('/api/auth?action=register', JSON.stringify({ name: 'P', email, password: 'secret' }))).status,
    ).toBe(201);
    expect((await post('/api/auth?action=login', JSON.stringify({ email, password: 'secret\u0000' }))).status).toBe(
      400,
    );
    expect((await post('/api/auth?action=login', JSON.stringify({ email, password: 'secret' }))).status).toBe(200);
  });

  it('answers lone surrogates and deep nesting with 400', async () => {
    for (const title of ['\ud800', 'x\udc00', '\udbff\udbff']) {
      const answer = await post('/api/links', JSON.stringify({ target_url: 'https://example.com/', title }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: TEXT_SURROGATE });
    }
    // A well-formed pair is text like any other.
    const emoji = await post(
      '/api/links',
      JSON.stringify({ target_url: 'https://example.com/', title: '\ud83d\ude00' }),
    );
    expect(emoji.status).toBe(201);
    for (const depth of [40, 20_000]) {
      for (const body of ['['.repeat(depth) + ']'.repeat(depth), `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`]) {
        const answer = await post('/api/links', body);
        expect(answer.status, `depth ${depth}`).toBe(body.length > 64 * 1024 ? 413 : 400);
        if (answer.status === 400) expect(answer.body).toEqual({ error: BODY_TOO_DEEP });
      }
    }
  });

  it('answers 415 for an unsupported or broken Content-Encoding, and reads a real gzip body', async () => {
    const body = '{"target_url": "https://example.com/", "password": "hunter2-secret"}';
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const answer = await post('/api/links', body, { 'Content-Encoding': encoding });
      expect(answer.status, encoding).toBe(415);
      expect(answer.body).toEqual({ error: ENCODING_BROKEN });
      // Cut short: the start of a real stream.
      const truncated = await post('/api/auth?action=login', zlib.gzipSync(body).subarray(0, 12), {
        'Content-Encoding': 'gzip',
      });
      expect(truncated.status).toBeGreaterThanOrEqual(400);
      expect(truncated.status).toBeLessThan(500);
    }
    for (const encoding of ['compress', 'GZIP', 'gzip, br', 'x']) {
      const answer = await post('/api/links', body, { 'Content-Encoding': encoding });
      expect(answer.status, encoding).toBe(415);
      expect(answer.body).toEqual({ error: ENCODING_UNSUPPORTED });
    }
    const gzipped = await post('/api/links', zlib.gzipSync('{"target_url": "https://example.com/gz"}'), {
      'Content-Encoding': 'gzip',
    });
    expect(gzipped.status).toBe(201);
    // 10 MB of zeros in 10 KB: the 64 KiB limit holds for the decoded body.
    const bomb = await post('/api/links', zlib.gzipSync(Buffer.alloc(10_000_000, 32)), { 'Content-Encoding': 'gzip' });
    expect(bomb.status).toBe(413);
  });

  it('sends nosniff and no-store on every /api answer: success, error, unknown path, preflight, 429', async () => {
    const answers = [
      await send(server.url, 'GET', '/api/links', { headers: { ...admin, ...from() } }),
      await send(server.url, 'GET', '/api/config'),
      await send(server.url, 'GET', '/api/links', { headers: from() }),
      await send(server.url, 'GET', '/api/nothing-here'),
      await post('/api/links', '{bad json'),
      await send(server.url, 'OPTIONS', '/api/links', {
        headers: { Origin: 'https://elsewhere.test', 'Access-Control-Request-Method': 'POST' },
      }),
    ];
    const limited = from();
    for (let i = 0; i < 10; i++)
      await send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': 'x', ...limited } });
    answers.push(await send(server.url, 'GET', '/api/links', { headers: { ...admin, ...limited } }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400, 204, 429]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
