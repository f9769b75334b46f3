/**
 * What the browser extension (docs/extension.md) needs of the server, on both stores: its three calls
 * work from an extension's origin with a user's API key as a bearer, with no host permission (the
 * preflight allows Authorization), and every answer it must explain (401, 403, 429) carries CORS
 * headers too, so the extension reads the status and the server's sentence instead of a network error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyAnswer, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const ORIGIN = { Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };

function expectCors(answer: AnyAnswer): void {
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
}

describe.each(STORE_SERVERS)("the extension's calls ($kind)", ({ start }) => {
  let server: TestServer;
  let key: string;
  const withKey = (secret: string) => ({ headers: { ...ORIGIN, ...bearer(secret) } });

  beforeAll(async () => {
    server = (await start({ MAX_LINKS_PER_USER: '1' })) as TestServer;
    const user = await newUser(server, 'Extension');
    const made = await call(server, 'POST', '/api/keys', { headers: bearer(user.token), body: { name: 'Browser' } });
    expect(made.status).toBe(201);
    key = made.body.secret;
  });
  afterAll(() => server.close());

  it('allows the preflight of a create with a bearer key from an extension origin', async () => {
    const answer = await call(server, 'OPTIONS', '/api/links/create', {
      headers: {
        ...ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(answer.status).toBe(204);
    expectCors(answer);
    expect(answer.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('lists, creates and reads the domains with the key, each answer readable from the extension', async () => {
    const empty = await call(server, 'GET', '/api/links/user?per_page=10', withKey(key));
    expect([empty.status, empty.body.links]).toEqual([200, []]);
    expectCors(empty);
    const made = await call(server, 'POST', '/api/links/create', {
      ...withKey(key),
      body: { target_url: 'https://example.com/article', short_code: 'from-extension', tags: ['reading'] },
    });
    expect(made.status).toBe(201);
    expectCors(made);
    expect(made.body.link).toMatchObject({ short_code: 'from-extension', tags: ['reading'], clicks: 0 });
    const listed = await call(server, 'GET', '/api/links/user?per_page=10', withKey(key));
    expect(listed.body.links.map((link: { short_code: string }) => link.short_code)).toEqual(['from-extension']);
    const domain = await call(server, 'GET', '/api/user/domain', withKey(key));
    expect(domain.status).toBe(200);
    expectCors(domain);
    expect(domain.body).toMatchObject({ domain: null, verification: null });
  });

  it('answers a refused create (403, here the link limit) with CORS headers and a sentence', async () => {
    const refused = await call(server, 'POST', '/api/links/create', {
      ...withKey(key),
      body: { target_url: 'https://example.com/second' },
    });
    expect(refused.status).toBe(403);
    expectCors(refused);
    expect(refused.body.error).toMatch(/1/);
  });

  it('answers a wrong key (401), then the limiter (429), with CORS headers', async () => {
    const wrong = await call(server, 'GET', '/api/links/user', withKey('me_wrongwrongwrongwrongwrongwrongwrongwron'));
    expect(wrong.status).toBe(401);
    expectCors(wrong);
    let answer = wrong;
    for (let attempt = 0; attempt < 30 && answer.status !== 429; attempt += 1) {
      answer = await call(server, 'GET', '/api/links/user', withKey('me_nope'));
    }
    expect(answer.status).toBe(429);
    expectCors(answer);
    expect(typeof answer.body.error).toBe('string');
  });
});
