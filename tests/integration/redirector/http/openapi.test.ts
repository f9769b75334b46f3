/**
 * GET /api/openapi.json is a valid OpenAPI 3.1 description, names every route the routers register,
 * and every answer of the running server, success and error alike, fits it (docs/api.md#openapi).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_ACCOUNT } from '../../../../redirector/contract/keys';
import { adminHeaders, bearer, type CallOptions, call, newUser } from '../../../helpers/api';
import { pngBytes } from '../../../helpers/imageBytes';
import { newClick } from '../../../helpers/records';
import { startSilentServer } from '../../../helpers/silentServer';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';
import { Conformance, type Doc, escapePointer, METHODS, resolvePointer } from './openapiConformance';
import { coverShareCalls } from './openapiShares';
import { coverSingleSignOn } from './openapiSso';
import { coverTeamCalls } from './openapiTeams';

/** A client of its own (TRUST_PROXY), blocked by the sign-in limiter to collect the 429s. */
const BLOCKED_CLIENT = { 'X-Forwarded-For': '192.0.2.77' };

function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsOf(child, found);
    }
  }
  return found;
}

/** Each described operation with a concrete URL (path parameters filled with `id`). */
function operationsOf(doc: Doc, id: number) {
  return Object.entries(doc.paths as Doc).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method: method.toUpperCase(),
      operation: item[method] as Doc,
      url: path.replace(/\{[^}]+\}/g, String(id)),
    })),
  );
}

describe.each(STORE_SERVERS)('OpenAPI description ($kind)', ({ start }) => {
  let server: TestServer;
  let doc: Doc;
  let conformance: Conformance;
  const admin = () => adminHeaders(server.adminKey);
  /** Calls the server and checks the answer against the description. */
  const described = async (method: string, url: string, options: CallOptions = {}) => {
    const answer = await call(server, method, url, options);
    conformance.check(method, url, answer);
    return answer;
  };

  beforeAll(async () => {
    // Nothing listens on the discard port: a domain's look-up fails at once.
    server = await start({
      TRUST_PROXY: '1',
      MAX_LINKS_PER_USER: '3',
      DNS_SERVERS: '127.0.0.1:9',
      OUTBOUND_ALLOW_PRIVATE: '1',
    });
    const answer = await call(server, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    doc = answer.body;
    conformance = new Conformance(doc);
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document: its structure, every $ref, every schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect([typeof doc.info.title, typeof doc.info.version]).toEqual(['string', 'string']);
    expect(doc.servers).toEqual([{ url: server.config.publicUrl }]);
    const schemes = Object.keys(doc.components.securitySchemes);
    expect(schemes.sort()).toEqual(['adminKey', 'bearer']);
    for (const ref of refsOf(doc)) expect(resolvePointer(doc, ref), ref).toBeDefined();
    const ids = new Set<string>();
    for (const { path, method, operation } of operationsOf(doc, 1)) {
      const what = `${method} ${path}`;
      expect(path.startsWith('/'), what).toBe(true);
      expect(typeof operation.summary, what).toBe('string');
      for (const requirement of operation.security ?? [])
        expect(schemes, what).toEqual(expect.arrayContaining(Object.keys(requirement)));
      const parameters = (operation.parameters ?? []) as Doc[];
      for (const parameter of parameters) {
        expect(['query', 'path', 'header'], what).toContain(parameter.in);
        expect(typeof parameter.name, what).toBe('string');
        conformance.ajv.compile(parameter.schema);
      }
      for (const name of path.match(/\{[^}]+\}/g) ?? []) {
        const parameter = parameters.find((candidate) => candidate.in === 'path' && `{${candidate.name}}` === name);
        expect(parameter?.required, `${what} ${name}`).toBe(true);
      }
      expect(Object.keys(operation.responses).length, what).toBeGreaterThan(0);
      for (const [status, raw] of Object.entries(operation.responses as Doc)) {
        expect(status, what).toMatch(/^[1-5]\d\d$/);
        const pointer = raw.$ref ?? `#/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${status}`;
        const response = resolvePointer(doc, pointer) as Doc;
        expect(typeof response.description, `${what} ${status}`).toBe('string');
        for (const type of Object.keys(response.content ?? {})) {
          conformance.validatorAt(`${pointer}/content/${escapePointer(type)}/schema`);
        }
      }
      const key = `${what}`;
      expect(ids.has(key)).toBe(false);
      ids.add(key);
    }
    // Each schema compiles in ajv's strict mode (no unknown keyword, no type confusion).
    for (const name of Object.keys(doc.components.schemas)) conformance.validatorAt(`#/components/schemas/${name}`);
  });

  it('describes every route the routers register, and no route that does not exist', () => {
    const registered = server.app.api.stack.flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(registered.length).toBeGreaterThan(20);
    const describedCalls = operationsOf(doc, 1)
      .filter(({ path }) => path.startsWith('/api/'))
      .map(({ method, path }) => `${method} ${path}`);
    expect(describedCalls.sort()).toEqual([...new Set(registered)].sort());
  });

  it('every described answer, success and error, is what the server really sends', async () => {
    const alice = await newUser(server, 'Alice');
    const bob = await newUser(server, 'Bob');
    const user = (who: { token: string }) => bearer(who.token);

    // Generic errors, for every call of their kind.
    const operations = operationsOf(doc, 1).filter(({ path }) => path.startsWith('/api/'));
    for (const { method, url } of operations) {
      expect((await described(method, `${url}?x=%00`, { headers: admin() })).status, url).toBe(400);
    }
    for (const { method, url, operation } of operations.filter(({ operation }) => operation.security.length > 0)) {
      const body = operation.requestBody?.content['application/json'] ? { body: {} } : {};
      expect((await described(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    const tooBig = JSON.stringify({ text: 'x'.repeat(70 * 1024) });
    const csvTooBig = new Uint8Array(5 * 1024 * 1024 + 1).fill(65);
    for (const { method, url, operation } of operations.filter(({ operation }) => operation.requestBody)) {
      const credentials = operation.security.some((item: Doc) => item.bearer) ? user(alice) : admin();
      if (operation.requestBody.content['image/png']) {
        const image = { ...credentials, 'Content-Type': 'image/png' };
        // The avatar takes 512 KiB, the background 2 MiB (docs/api.md#hub-background).
        const tooLarge = new Uint8Array((url.endsWith('/background') ? 2048 : 512) * 1024 + 1);
        expect((await described(method, url, { headers: image, rawBody: tooLarge })).status, url).toBe(413);
        expect((await described(method, url, { headers: credentials, body: [] })).status, url).toBe(415);
        continue;
      }
      if (operation.requestBody.content['text/csv']) {
        const csv = { ...credentials, 'Content-Type': 'text/csv' };
        expect((await described(method, url, { headers: csv, rawBody: csvTooBig })).status, url).toBe(413);
        expect((await described(method, url, { headers: credentials, body: [] })).status, url).toBe(415);
        continue;
      }
      const json = { ...credentials, 'Content-Type': 'application/json' };
      expect((await described(method, url, { headers: json, rawBody: tooBig })).status, url).toBe(413);
      const encoded = { ...json, 'Content-Encoding': 'compress' };
      expect((await described(method, url, { headers: encoded, rawBody: '{}' })).status, url).toBe(415);
      expect((await described(method, url, { headers: json, rawBody: '{' })).status, url).toBe(400);
    }

    // Auth and public calls.
    const adminLogin = await described('POST', '/api/auth?action=admin', { body: { key: server.adminKey } });
    expect(adminLogin.status).toBe(200);
    expect((await described('POST', '/api/auth?action=admin', { body: { key: 'wrong' } })).status).toBe(401);
    const email = `carol-${process.pid}@example.com`;
    const registration = { name: 'Carol', email, password: 'secret-pw' };
    const carol = await described('POST', '/api/auth?action=register', { body: registration });
    expect(carol.status).toBe(201);
    expect((await described('POST', '/api/auth?action=register', { body: registration })).status).toBe(409);
    expect((await described('POST', '/api/auth?action=login', { body: { email, password: 'secret-pw' } })).status).toBe(
      200,
    );
    expect((await described('POST', '/api/auth?action=login', { body: { email, password: 'nope' } })).status).toBe(401);
    expect((await described('POST', '/api/auth?action=logout', { headers: user(alice) })).status).toBe(200);
    alice.token = (
      await described('POST', '/api/auth?action=login', { body: { email: alice.user.email, password: alice.password } })
    ).body.token;
    expect((await described('GET', '/api/config')).status).toBe(200);
    expect((await described('GET', '/api/openapi.json')).status).toBe(200);
    expect((await described('GET', '/healthz')).status).toBe(200);

    // Admin links: create, lists with their headers, one, change, delete, init.
    const first = await described('POST', '/api/links', {
      headers: admin(),
      body: { short_code: 'oa-first', target_url: 'https://example.com/a', title: 'First', tags: ['b', 'a'] },
    });
    expect(first.status).toBe(201);
    const firstId = first.body.id as number;
    expect(
      (
        await described('POST', '/api/links', {
          headers: admin(),
          body: { short_code: 'oa-first', target_url: 'https://example.com/' },
        })
      ).status,
    ).toBe(409);
    expect((await described('GET', '/api/init', { headers: admin() })).status).toBe(201);
    const page = await described('GET', '/api/links?per_page=1&page=2', { headers: admin() });
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(page.headers.get('link')).toContain('rel="prev"');
    expect((await described('GET', `/api/links?id=${firstId}`, { headers: admin() })).body.id).toBe(firstId);
    expect((await described('GET', '/api/links?id=999999', { headers: admin() })).status).toBe(404);
    expect(
      (await described('PUT', `/api/links?id=${firstId}`, { headers: admin(), body: { title: 'Renamed' } })).status,
    ).toBe(200);
    expect((await described('PUT', '/api/links?id=999999', { headers: admin(), body: { title: 'x' } })).status).toBe(
      404,
    );
    const doomed = await described('POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/d' },
    });
    expect((await described('DELETE', `/api/links?id=${doomed.body.id}`, { headers: admin() })).status).toBe(204);
    expect((await described('DELETE', `/api/links?id=${doomed.body.id}`, { headers: admin() })).status).toBe(404);

    // User links: the limit is 3 links per account here.
    const own = await described('POST', '/api/links/create', {
      headers: user(alice),
      body: { target_url: 'https://example.com/u', tags: ['x'] },
    });
    expect(own.status).toBe(201);
    const ownId = own.body.link.id as number;
    expect(
      (
        await described('POST', '/api/links/create', {
          headers: user(alice),
          body: { short_code: 'oa-first', target_url: 'https://example.com/' },
        })
      ).status,
    ).toBe(409);
    expect((await described('GET', '/api/links/user?sort=clicks', { headers: user(alice) })).status).toBe(200);
    expect((await described('GET', `/api/links/user?linkId=${ownId}`, { headers: user(alice) })).status).toBe(200);
    expect((await described('GET', `/api/links/user?linkId=${firstId}`, { headers: user(alice) })).status).toBe(404);
    expect(
      (await described('PUT', `/api/links/update?linkId=${ownId}`, { headers: user(alice), body: { title: 'Mine' } }))
        .status,
    ).toBe(200);
    expect(
      (await described('PUT', `/api/links/update?linkId=${firstId}`, { headers: user(alice), body: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await described('GET', '/api/tags', { headers: admin() })).body.tags.length).toBeGreaterThan(0);
    expect((await described('GET', '/api/tags', { headers: user(alice) })).status).toBe(200);
    // Link health: the counts, a check now (no destination reachable here: broken or soft, answered all the same).
    expect((await described('GET', '/api/links/health', { headers: user(alice) })).status).toBe(200);
    expect((await described('POST', `/api/links/check?id=${ownId}`, { headers: user(alice) })).status).toBe(200);
    expect((await described('POST', `/api/links/check?id=${firstId}`, { headers: user(alice) })).status).toBe(404);

    // CSV: export both ways, import within and beyond the limit.
    expect((await described('GET', '/api/links/export', { headers: admin() })).status).toBe(200);
    expect((await described('GET', '/api/links/user/export', { headers: user(alice) })).status).toBe(200);
    const csv = (who: Record<string, string>, text: string) => ({
      headers: { ...who, 'Content-Type': 'text/csv' },
      rawBody: text,
    });
    const imported = await described(
      'POST',
      '/api/links/import',
      csv(admin(), 'target_url,title\r\nhttps://example.com/i,Imported\r\nnot a url,Bad\r\n'),
    );
    expect(imported.body.failed).toHaveLength(1);
    expect(
      (
        await described(
          'POST',
          '/api/links/user/import',
          csv(user(alice), 'target_url\r\nhttps://example.com/1\r\nhttps://example.com/2\r\n'),
        )
      ).status,
    ).toBe(200);
    expect(
      (await described('POST', '/api/links/user/import', csv(user(alice), 'target_url\r\nhttps://example.com/3\r\n')))
        .status,
    ).toBe(403);
    expect(
      (
        await described('POST', '/api/links/create', {
          headers: user(alice),
          body: { target_url: 'https://example.com/4' },
        })
      ).status,
    ).toBe(403);

    const spare = (await call(server, 'GET', '/api/links/user?sort=created_at', { headers: user(alice) })).body
      .links[0];
    expect((await described('DELETE', `/api/links/delete?linkId=${spare.id}`, { headers: user(alice) })).status).toBe(
      200,
    );
    expect((await described('DELETE', `/api/links/delete?linkId=${spare.id}`, { headers: user(alice) })).status).toBe(
      404,
    );

    // Analytics over real stored clicks: recent ones, a repeat visitor, a referrer, a blocked one.
    const now = Date.now();
    await server.store.clicks.insertMany([
      newClick(firstId, now - 60_000, {
        ip_address: '203.0.113.5',
        referrer_source: 'instagram',
        instagram_exit: true,
      }),
      newClick(firstId, now - 30_000, { ip_address: '203.0.113.5' }),
      newClick(ownId, now - 10_000, { ip_address: '203.0.113.6', country: 'FR', blocked: true }),
    ]);
    const stats = await described('GET', `/api/analytics/${firstId}?tz=Europe/Paris`, { headers: admin() });
    expect(stats.body.recentClicks).toHaveLength(2);
    const ranged = await described('GET', `/api/analytics/${firstId}?tz=Asia/Kathmandu&from=2020-01-01&to=2030-01-01`, {
      headers: admin(),
    });
    expect(ranged.body.stats.days.length).toBeGreaterThan(3_000);
    const clickCsv = await described('GET', `/api/analytics/${firstId}/clicks`, { headers: admin() });
    expect((clickCsv.body as string).trim().split('\n')).toHaveLength(3);
    const ndjson = await described('GET', `/api/analytics/user/clicks?linkId=${ownId}&format=ndjson`, {
      headers: user(alice),
    });
    expect((ndjson.body as string).trim().split('\n')).toHaveLength(1);
    expect((await described('GET', '/api/analytics/999999/clicks', { headers: admin() })).status).toBe(404);
    expect(
      (await described('GET', `/api/analytics/user/clicks?linkId=${firstId}`, { headers: user(alice) })).status,
    ).toBe(404);
    expect((await described('GET', '/api/analytics/999999', { headers: admin() })).status).toBe(404);
    expect((await described('GET', '/api/analytics/oops', { headers: admin() })).status).toBe(404);
    expect(
      (await described('GET', '/api/analytics/summary', { headers: admin() })).body.totalClicks,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (await described('GET', '/api/analytics/realtime', { headers: admin() })).body.latestClicks.length,
    ).toBeGreaterThan(0);
    expect(
      (await described('GET', '/api/analytics/live?minutes=10', { headers: admin() })).body.visitors.length,
    ).toBeGreaterThan(0);
    expect((await described('GET', '/api/analytics/live?minutes=7', { headers: admin() })).status).toBe(400);
    expect((await described('GET', '/api/analytics/repeat-visitors', { headers: admin() })).body.top).toHaveLength(1);
    expect((await described('GET', '/api/analytics/funnel', { headers: admin() })).body.clicks).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      (await described('GET', `/api/analytics/user?linkId=${ownId}`, { headers: user(alice) })).body.stats
        .blockedVisitors,
    ).toBe(1);
    expect((await described('GET', `/api/analytics/user?linkId=${firstId}`, { headers: user(alice) })).status).toBe(
      404,
    );

    // Domain.
    /** The administrator marks the domain of `query` verified. */
    const verify = (query: string) =>
      described('PUT', `/api/domains?${query}`, { headers: admin(), body: { status: 'verified' } });
    /** `who` claims go.alice.example as their account's domain. */
    const claim = (who: typeof alice) =>
      described('POST', '/api/user/domain', { headers: user(who), body: { domain: 'go.alice.example' } });
    expect((await described('GET', '/api/user/domain', { headers: user(alice) })).status).toBe(200);
    expect((await claim(alice)).status).toBe(200);
    // A pending claim blocks nobody; a verified domain is its account's (409).
    expect((await claim(bob)).status).toBe(200);
    expect((await described('POST', '/api/user/domain/verify', { headers: user(alice) })).status).toBe(200);
    expect((await described('GET', '/api/domains', { headers: admin() })).status).toBe(200);
    expect((await described('GET', '/api/domains/allowed?domain=go.alice.example')).status).toBe(404);
    expect((await verify('domain=go.alice.example')).status).toBe(400);
    expect((await verify(`domain=go.alice.example&user_id=${alice.user.id}`)).status).toBe(200);
    expect((await verify(`domain=go.alice.example&user_id=${bob.user.id}`)).status).toBe(409);
    expect((await described('DELETE', '/api/user/domain', { headers: user(bob) })).status).toBe(200);
    expect((await claim(bob)).status).toBe(409);
    expect((await described('GET', '/api/domains/allowed?domain=go.alice.example')).status).toBe(200);
    expect((await verify('domain=nobody.example')).status).toBe(404);
    expect((await described('DELETE', '/api/domains?domain=go.alice.example', { headers: admin() })).status).toBe(200);
    expect((await described('DELETE', '/api/domains?domain=go.alice.example', { headers: admin() })).status).toBe(404);
    expect((await described('POST', '/api/user/domain/verify', { headers: user(alice) })).status).toBe(404);
    expect((await described('DELETE', '/api/user/domain', { headers: user(alice) })).status).toBe(200);

    // Users (admin).
    const bobId = bob.user.id;
    expect(
      (await described('GET', '/api/users?q=example&per_page=5', { headers: admin() })).body.total,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (await described('PUT', `/api/users?id=${bobId}`, { headers: admin(), body: { disabled: false } })).status,
    ).toBe(200);
    expect(
      (await described('PUT', '/api/users?id=999999', { headers: admin(), body: { disabled: true } })).status,
    ).toBe(404);
    expect((await described('DELETE', `/api/users?id=${carol.body.user.id}`, { headers: admin() })).status).toBe(204);
    expect((await described('DELETE', `/api/users?id=${carol.body.user.id}`, { headers: admin() })).status).toBe(404);

    // Keys: made, listed, refused to an API key, deleted, and the limit per account.
    const made = await described('POST', '/api/keys', { headers: user(bob), body: { name: 'script' } });
    expect(made.status).toBe(201);
    const withKey = bearer(made.body.secret);
    expect((await described('GET', '/api/keys', { headers: user(bob) })).body.keys).toHaveLength(1);
    expect((await described('GET', '/api/keys', { headers: withKey })).status).toBe(403);
    expect((await described('POST', '/api/keys', { headers: withKey, body: { name: 'more' } })).status).toBe(403);
    expect((await described('DELETE', `/api/keys?id=${made.body.key.id}`, { headers: withKey })).status).toBe(403);
    expect((await described('DELETE', `/api/keys?id=${made.body.key.id}`, { headers: user(bob) })).status).toBe(200);
    expect((await described('DELETE', `/api/keys?id=${made.body.key.id}`, { headers: admin() })).status).toBe(404);
    for (let count = 0; count < MAX_KEYS_PER_ACCOUNT; count += 1) {
      await call(server, 'POST', '/api/keys', { headers: admin(), body: { name: `k${count}` } });
    }
    expect((await described('POST', '/api/keys', { headers: admin(), body: { name: 'one too many' } })).status).toBe(
      409,
    );

    // Accounts: made by the administrator, invitation and reset links, self-service, sessions.
    const dave = { name: 'Dave', email: `dave-${process.pid}@example.com` };
    const daveMade = await described('POST', '/api/users', { headers: admin(), body: dave });
    expect(daveMade.status).toBe(201);
    expect((await described('POST', '/api/users', { headers: admin(), body: dave })).status).toBe(409);
    expect((await described('POST', `/api/users/reset?id=${daveMade.body.id}`, { headers: admin() })).status).toBe(200);
    const daveInvite = await described('POST', `/api/users/invite?id=${daveMade.body.id}`, { headers: admin() });
    expect((await described('POST', '/api/users/invite?id=999999', { headers: admin() })).status).toBe(404);
    expect((await described('POST', '/api/users/reset?id=999999', { headers: admin() })).status).toBe(404);
    const daveToken = daveInvite.body.url.split('/reset/')[1];
    const daveIn = await described('POST', '/api/auth?action=reset', {
      body: { token: daveToken, password: 'dave-pw' },
    });
    expect(daveIn.status).toBe(200);
    expect((await described('POST', '/api/auth?action=forgot', { body: { email: dave.email } })).status).toBe(200);
    const daveHeaders = bearer(daveIn.body.token);
    const aliceKey = await call(server, 'POST', '/api/keys', { headers: user(alice), body: { name: 'acct' } });
    const keyHeaders = bearer(aliceKey.body.secret);
    expect((await described('GET', '/api/account', { headers: daveHeaders })).status).toBe(200);
    expect((await described('GET', '/api/account', { headers: keyHeaders })).status).toBe(403);
    expect((await described('PUT', '/api/account', { headers: daveHeaders, body: { name: 'David' } })).status).toBe(
      200,
    );
    expect(
      (
        await described('PUT', '/api/account', {
          headers: daveHeaders,
          body: { password: 'x-new-pw', current_password: 'no' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await described('PUT', '/api/account', {
          headers: daveHeaders,
          body: { email: alice.user.email, current_password: 'dave-pw' },
        })
      ).status,
    ).toBe(409);
    expect((await described('GET', '/api/account/sessions', { headers: daveHeaders })).body.sessions).toHaveLength(1);
    expect((await described('GET', '/api/account/sessions', { headers: keyHeaders })).status).toBe(403);
    expect((await described('DELETE', '/api/account/sessions', { headers: daveHeaders })).body).toEqual({ ended: 0 });
    expect((await described('DELETE', '/api/account/sessions?id=abc', { headers: daveHeaders })).status).toBe(404);
    expect((await described('DELETE', '/api/account/sessions', { headers: keyHeaders })).status).toBe(403);
    expect((await described('DELETE', '/api/account', { headers: daveHeaders, body: { password: 'no' } })).status).toBe(
      403,
    );
    expect(
      (await described('DELETE', '/api/account', { headers: daveHeaders, body: { password: 'dave-pw' } })).status,
    ).toBe(204);

    // Webhooks (a receiver on this server: each attempt fails fast) and the live stream.
    const hook = { url: `${server.url}/api/openapi.json`, events: ['link.created'] };
    const webhook = await described('POST', '/api/webhooks', { headers: user(bob), body: hook });
    expect(webhook.status).toBe(201);
    const hookId = webhook.body.webhook.id;
    expect((await described('GET', '/api/webhooks', { headers: user(bob) })).body.webhooks).toHaveLength(1);
    expect(
      (await described('PUT', `/api/webhooks?id=${hookId}`, { headers: user(bob), body: { active: false } })).status,
    ).toBe(200);
    expect((await described('PUT', `/api/webhooks?id=${hookId}`, { headers: user(alice), body: {} })).status).toBe(404);
    expect((await described('POST', `/api/webhooks/test?id=${hookId}`, { headers: user(bob) })).status).toBe(200);
    expect((await described('POST', `/api/webhooks/test?id=${hookId}`, { headers: user(alice) })).status).toBe(404);
    const log = await described('GET', `/api/webhooks/deliveries?id=${hookId}`, { headers: user(bob) });
    expect(log.body.deliveries).toHaveLength(1);
    expect((await described('GET', `/api/webhooks/deliveries?id=${hookId}`, { headers: admin() })).status).toBe(404);
    const messageId = log.body.deliveries[0].message_id;
    const redeliver = `/api/webhooks/redeliver?id=${hookId}&message=`;
    expect((await described('POST', `${redeliver}msg_none`, { headers: user(bob) })).status).toBe(404);
    // The test message is kept, so the message_id the log shows can be redelivered (docs/api.md#webhooks).
    expect((await described('POST', `${redeliver}${messageId}`, { headers: user(bob) })).status).toBe(202);
    for (let count = 1; count < 10; count += 1)
      await call(server, 'POST', '/api/webhooks', { headers: user(bob), body: hook });
    expect((await described('POST', '/api/webhooks', { headers: user(bob), body: hook })).status).toBe(409);
    expect((await described('DELETE', `/api/webhooks?id=${hookId}`, { headers: user(bob) })).status).toBe(204);
    expect((await described('DELETE', `/api/webhooks?id=${hookId}`, { headers: user(bob) })).status).toBe(404);
    const created = await call(server, 'POST', '/api/webhooks', { headers: admin(), body: hook });
    await call(server, 'POST', '/api/links', { headers: admin(), body: { target_url: 'https://example.com/hooked' } });
    const queued = await call(server, 'GET', `/api/webhooks/deliveries?id=${created.body.webhook.id}`, {
      headers: admin(),
    });
    const sentBefore = queued.body.deliveries.find((delivery: Doc) => delivery.type === 'link.created');
    if (sentBefore) {
      const again = `/api/webhooks/redeliver?id=${created.body.webhook.id}&message=${sentBefore.message_id}`;
      expect((await described('POST', again, { headers: admin() })).status).toBe(202);
    } else {
      // The queue had not sent it yet: a redelivery needs a stored message; look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const later = await call(server, 'GET', `/api/webhooks/deliveries?id=${created.body.webhook.id}`, {
        headers: admin(),
      });
      const message = later.body.deliveries.find((delivery: Doc) => delivery.type === 'link.created');
      const again = `/api/webhooks/redeliver?id=${created.body.webhook.id}&message=${message.message_id}`;
      expect((await described('POST', again, { headers: admin() })).status).toBe(202);
    }
    expect((await described('POST', '/api/stream/ticket', { headers: user(bob) })).status).toBe(200);
    const opening = new AbortController();
    const stream = await fetch(`${server.url}/api/stream`, { headers: admin(), signal: opening.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    opening.abort();
    conformance.covered.add('GET /api/stream 200');

    // Imports: a source that never greets keeps the job waiting while the calls are made.
    const silent = await startSilentServer();
    const source = { source: 'yourls', connection: { database_url: `mysql://me:pw@127.0.0.1:${silent.port}/yourls` } };
    const job = await described('POST', '/api/imports', { headers: user(alice), body: source });
    expect(job.status).toBe(202);
    expect((await described('POST', '/api/imports', { headers: user(alice), body: source })).status).toBe(409);
    const csvImport = `/api/imports/csv?mapping=${encodeURIComponent(JSON.stringify({ target_url: 'url' }))}`;
    const csvFile = {
      headers: { ...user(alice), 'Content-Type': 'text/csv' },
      rawBody: 'target_url\nhttps://example.com/csv\n',
    };
    expect((await described('POST', csvImport, csvFile)).status).toBe(409);
    expect((await described('GET', '/api/imports', { headers: user(alice) })).body.imports).toHaveLength(1);
    expect((await described('GET', `/api/imports?id=${job.body.import.id}`, { headers: user(alice) })).status).toBe(
      200,
    );
    expect((await described('GET', `/api/imports?id=${job.body.import.id}`, { headers: user(bob) })).status).toBe(404);
    expect((await described('DELETE', `/api/imports?id=${job.body.import.id}`, { headers: user(bob) })).status).toBe(
      404,
    );
    expect((await described('DELETE', `/api/imports?id=${job.body.import.id}`, { headers: user(alice) })).status).toBe(
      200,
    );
    expect((await described('DELETE', `/api/imports?id=${job.body.import.id}`, { headers: user(alice) })).status).toBe(
      409,
    );
    expect((await described('POST', csvImport, csvFile)).status).toBe(202);
    await silent.close();

    // The hub.
    const png = { headers: { ...user(bob), 'Content-Type': 'image/png' }, rawBody: pngBytes(8, 8) };
    expect((await described('GET', '/api/hub', { headers: user(bob) })).body).toEqual({ hub: null });
    expect((await described('PUT', '/api/hub/avatar', png)).status).toBe(404);
    expect((await described('DELETE', '/api/hub/avatar', { headers: user(bob) })).status).toBe(404);
    const pngBackground = { ...png, headers: { ...png.headers } };
    expect((await described('PUT', '/api/hub/background', pngBackground)).status).toBe(404);
    expect((await described('DELETE', '/api/hub/background', { headers: user(bob) })).status).toBe(404);
    const bobsHub = { handle: 'oa-bob', title: 'Bob', links: [] };
    expect((await described('PUT', '/api/hub', { headers: user(bob), body: bobsHub })).status).toBe(200);
    const takenHub = { ...bobsHub, title: 'Alice' };
    expect((await described('PUT', '/api/hub', { headers: user(alice), body: takenHub })).status).toBe(409);
    expect((await described('PUT', '/api/hub/avatar', png)).status).toBe(200);
    expect((await described('GET', '/api/hub', { headers: user(bob) })).body.hub.avatar_url).toMatch(/avatar/);
    expect((await described('DELETE', '/api/hub/avatar', { headers: user(bob) })).status).toBe(204);
    const everyKind = [
      { type: 'heading', text: 'Hi', starts_at: '2026-01-01T00:00:00Z' },
      { type: 'text', text: 'Words' },
      { type: 'divider', visible: false },
      { type: 'social', socials: [{ platform: 'github', url: 'https://github.com/bob' }] },
    ];
    const withItems = { ...bobsHub, items: everyKind, background_color: '#fdf6e3', meta_description: 'Bob' };
    expect((await described('PUT', '/api/hub', { headers: user(bob), body: withItems })).body.hub.items).toHaveLength(
      4,
    );
    expect((await described('PUT', '/api/hub/background', pngBackground)).status).toBe(200);
    expect((await described('DELETE', '/api/hub/background', { headers: user(bob) })).status).toBe(204);
    const hubStats = '/api/hub/stats?from=2026-01-01&to=2026-01-31&tz=Europe/Paris';
    expect((await described('GET', hubStats, { headers: user(bob) })).body.days).toHaveLength(31);
    expect((await described('GET', '/api/hubs?q=oa-', { headers: admin() })).body.total).toBe(1);
    expect((await described('DELETE', '/api/hub', { headers: user(bob) })).status).toBe(204);

    // Teams (docs/api.md#teams), on a server of their own: its own limit of accounts per address.
    const teamServer = await start();
    try {
      await coverTeamCalls(teamServer, async (method, url, options) => {
        const answer = await call(teamServer, method, url, options);
        conformance.check(method, url, answer);
        return answer;
      });
    } finally {
      await teamServer.close();
    }

    // The sign-in limiter: a client with 10 failed sign-ins gets 429 on every call that checks a credential.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await call(server, 'POST', '/api/auth?action=admin', { headers: BLOCKED_CLIENT, body: { key: 'wrong' } });
    }
    expect(
      (await described('POST', '/api/auth?action=admin', { headers: BLOCKED_CLIENT, body: { key: server.adminKey } }))
        .status,
    ).toBe(429);
    for (const { method, url, operation } of operations.filter(({ operation }) => operation.security.length > 0)) {
      const credentials = operation.security.some((item: Doc) => item.adminKey) ? admin() : user(alice);
      const body = operation.requestBody?.content['application/json'] ? { body: {} } : {};
      const answer = await described(method, url, { headers: { ...credentials, ...BLOCKED_CLIENT }, ...body });
      expect(answer.status, `${method} ${url}`).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // Registration closed is a 403 of its own server.
    const closed = await start({ REGISTRATION: 'closed' });
    try {
      const refused = await call(closed, 'POST', '/api/auth?action=register', {
        body: { ...registration, email: 'x@example.com' },
      });
      conformance.check('POST', '/api/auth?action=register', refused);
      expect(refused.status).toBe(403);
    } finally {
      await closed.close();
    }

    await coverSingleSignOn(conformance, server, start);
    await coverShareCalls(server, described);

    // Every described answer was seen: the description promises nothing the server never sends.
    expect(conformance.described().filter((key) => !conformance.covered.has(key))).toEqual([]);
    // Some hundreds of calls, every described answer of every route: minutes on a loaded machine.
  }, 240_000);
});
