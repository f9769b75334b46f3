/**
 * Single sign-on's answers for the OpenAPI test (docs/api.md#single-sign-on): a server with no
 * provider (404), and one with a real provider on loopback for the redirects, the hand-off, a
 * used hand-off (401) and a client refused after ten of them (429); with PASSWORD_LOGIN=off, the
 * administrator's reset link refused (403).
 */
import { expect } from 'vitest';
import type { AnyAnswer } from '../../../helpers/api';
import { CLIENT_ID, CLIENT_SECRET, startTestProvider } from '../../../helpers/oidcProvider';
import { TEST_ADMIN_KEY, type TestServer } from '../../../helpers/testServer';
import type { Conformance } from './openapiConformance';

const PUBLIC_URL = 'https://sso.example.test';

/** One browser's cookies (the sign-in's binding, docs/api.md#single-sign-on), as each answer leaves them. */
const jar = new Map<string, string>();

async function answerOf(
  server: TestServer,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<AnyAnswer> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${server.url}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      'X-Forwarded-For': '192.0.2.91',
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const [name, value] = line.split(';')[0]!.split('=') as [string, string];
    jar.set(name, value);
  }
  return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
}

export async function coverSingleSignOn(
  conformance: Conformance,
  without: TestServer,
  start: (env: Record<string, string>) => Promise<TestServer>,
): Promise<void> {
  const checked = async (
    server: TestServer,
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const answer = await answerOf(server, method, url, body, headers);
    conformance.check(method, url, answer);
    return answer;
  };
  for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback', '/api/auth/oidc/logout']) {
    expect((await checked(without, 'GET', url)).status).toBe(404);
  }
  expect((await checked(without, 'POST', '/api/auth/oidc/session', { code: 'x' })).status).toBe(404);

  const provider = await startTestProvider({
    redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
  });
  const server = await start({
    TRUST_PROXY: '1',
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    PASSWORD_LOGIN: 'off',
  });
  try {
    // No reset link where no password may sign in (docs/api.md#single-sign-on).
    const admin = { 'X-API-Key': TEST_ADMIN_KEY };
    const made = await answerOf(
      server,
      'POST',
      '/api/users',
      { name: 'Oa Reset', email: 'oa-reset@example.com' },
      admin,
    );
    const reset = await checked(server, 'POST', `/api/users/reset?id=${made.body.id}`, undefined, admin);
    expect([reset.status, reset.body]).toEqual([403, { error: 'Password sign-in is off' }]);
    provider.accounts.set('oa-sso', { email: 'oa-sso@example.com', email_verified: true });
    provider.signInAs('oa-sso');
    const started = await checked(server, 'GET', '/api/auth/oidc/start');
    const back = await provider.authorize(started.body.location);
    const finished = await checked(server, 'GET', `/api/auth/oidc/callback${back.search}`);
    expect(finished.status).toBe(302);
    const code = String(finished.body.location).replace('/login#sso=', '');
    expect((await checked(server, 'POST', '/api/auth/oidc/session', { code })).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await checked(server, 'POST', '/api/auth/oidc/session', { code })).status).toBe(401);
    }
    expect((await checked(server, 'POST', '/api/auth/oidc/session', { code })).status).toBe(429);
    expect((await checked(server, 'GET', '/api/auth/oidc/logout')).status).toBe(302);
  } finally {
    await server.close();
    await provider.stop();
  }
}
