/**
 * A bounded property-based pass over every JSON route with random bodies and query values
 * (prototype keys, NULs, lone surrogates, deep nesting, wrong types, garbage): never a 5xx, always
 * a JSON answer with the /api headers, on SQLite and PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshServer, STORE_KINDS, send, signedInUser, startFreshServer } from './hardeningHelpers';

const RUNS_PER_STORE = 250;

const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '\u0000',
      'secret\u0000',
      '\ud800',
      'a\udfff',
      '__proto__',
      'constructor',
      'toString',
      'https://example.com/',
      'javascript:alert(1)',
      'a@b.co',
      'api',
      'x'.repeat(3000),
      '1e309',
      ' ',
    ),
  },
);

const fieldName = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'title',
    'target_url',
    'short_code',
    'enable_tiktok_bypass',
    'enable_country_redirect',
    'country_redirect_url',
    'enable_instagram_exit',
    'instagram_exit_url',
    'name',
    'email',
    'password',
    'key',
    'domain',
  ),
  nastyText,
);

/** JSON text built by hand, so that "__proto__" stays a key (an object literal would make it the prototype). */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText.map((text) => JSON.stringify(text)),
    fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)).map((value) => JSON.stringify(value)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fieldName, tie('value')), { maxLength: 6 })
      .map((pairs) => `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  ),
})).value;

const deepText = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`,
  );

/** Bodies close enough to the real ones to reach the rules and the stores. */
const plausibleText = fc
  .record(
    {
      target_url: fc.oneof(fc.webUrl(), nastyText),
      title: nastyText,
      short_code: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), nastyText),
      enable_country_redirect: fc.oneof(fc.boolean(), nastyText),
      country_redirect_url: fc.oneof(fc.webUrl(), fc.constant(null), nastyText),
      name: nastyText,
      email: fc.oneof(fc.emailAddress(), nastyText),
      password: nastyText,
      key: nastyText,
      domain: fc.oneof(fc.domain(), nastyText),
    },
    { requiredKeys: [] },
  )
  .map((record) => JSON.stringify(record));

const body = fc.oneof(
  { weight: 4, arbitrary: plausibleText },
  { weight: 4, arbitrary: jsonText },
  { weight: 1, arbitrary: deepText },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

type Caller = 'admin' | 'user' | 'none';
interface Route {
  method: string;
  path: (id: string) => string;
  caller: Caller;
}

const ROUTES: Route[] = [
  { method: 'POST', path: () => '/api/auth?action=admin', caller: 'none' },
  { method: 'POST', path: () => '/api/auth?action=register', caller: 'none' },
  { method: 'POST', path: () => '/api/auth?action=login', caller: 'none' },
  { method: 'POST', path: () => '/api/auth?action=logout', caller: 'user' },
  { method: 'POST', path: () => '/api/links', caller: 'admin' },
  { method: 'PUT', path: (id) => `/api/links?id=${id}`, caller: 'admin' },
  { method: 'DELETE', path: (id) => `/api/links?id=${id}`, caller: 'admin' },
  { method: 'GET', path: (id) => `/api/links?id=${id}`, caller: 'admin' },
  { method: 'POST', path: () => '/api/links/create', caller: 'user' },
  { method: 'PUT', path: (id) => `/api/links/update?linkId=${id}`, caller: 'user' },
  { method: 'GET', path: (id) => `/api/links/user?linkId=${id}`, caller: 'user' },
  { method: 'POST', path: () => '/api/user/domain', caller: 'user' },
  { method: 'GET', path: (id) => `/api/analytics/${id}`, caller: 'admin' },
  { method: 'GET', path: (id) => `/api/analytics/user?linkId=${id}`, caller: 'user' },
  { method: 'GET', path: (id) => `/api/analytics/live?minutes=${id}`, caller: 'admin' },
  { method: 'GET', path: (value) => `/api/analytics/summary?tz=${value}`, caller: 'admin' },
];

/** A query value: a real id, or anything (sent percent-encoded, so NULs and odd bytes arrive as such). */
const queryValue = (ids: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: nastyText.map(percentEncoded) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%FF', '-1', 'Europe%2FParis') },
  );

/** encodeURIComponent, with a lone surrogate sent as the bytes a careless client would send. */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

describe.each(STORE_KINDS)('every JSON route on %s, random bodies', (kind) => {
  let server: FreshServer;
  let userToken: string;
  let ids: string[];
  beforeAll(async () => {
    // Each request from its own address, so the limiters never stand between a body and its route.
    server = await startFreshServer(kind, { env: { TRUST_PROXY: '1' } });
    userToken = (await signedInUser(server.url, { 'X-Forwarded-For': '192.0.2.1' })).token;
    const adminLink = await send(server.url, 'POST', '/api/links', {
      body: { target_url: 'https://example.com/a' },
      headers: { 'X-API-Key': server.adminKey },
    });
    const userLink = await send(server.url, 'POST', '/api/links/create', {
      body: { target_url: 'https://example.com/u' },
      headers: { Authorization: `Bearer ${userToken}` },
    });
    ids = [String(adminLink.body.id), String(userLink.body.link.id)];
  });
  afterAll(() => server.stop());

  it(`answers ${RUNS_PER_STORE} random requests without a 5xx`, { timeout: 120_000 }, async () => {
    let sent = 0;
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        body,
        queryValue(ids),
        fc.ipV4(),
        async (route, text, value, address) => {
          const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': address };
          if (route.caller === 'admin') headers['X-API-Key'] = server.adminKey;
          if (route.caller === 'user') headers.Authorization = `Bearer ${userToken}`;
          // Logout would end the session the other routes use.
          if (route.path('') === '/api/auth?action=logout') delete headers.Authorization;
          const answer = await send(server.url, route.method, route.path(value), {
            rawBody: route.method === 'GET' ? undefined : text,
            headers,
          });
          sent += 1;
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          expect(answer.status, `${route.method} ${route.path(value)} ${text.slice(0, 200)}`).toBeLessThan(500);
          if (answer.status !== 204) expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
          expect(answer.headers.get('cache-control')).toBe('no-store');
        },
      ),
      { numRuns: RUNS_PER_STORE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    console.info(`fuzz ${kind}: ${sent} requests, statuses ${JSON.stringify(statuses)}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_STORE);
  });
});
