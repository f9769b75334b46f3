/**
 * One account, one identity of an issuer (docs/api.md#single-sign-on): two provider identities with
 * the account's verified email signing in at the same moment link one of them; the other lands on
 * the login screen with `email-taken`. On SQLite with one instance, and on PostgreSQL with two
 * instances on one schema, each sign-in finished on its own instance. Against a real OpenID Connect
 * provider (oidc-provider) on loopback.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { startTestProvider } from '../../../helpers/oidcProvider';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { SSO_CALLBACK, ssoEnv } from '../../../helpers/ssoServer';
import { ssoAuthorized } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

// One provider for both suites: the PostgreSQL suite's two instances are started with its env.
const provider = await startTestProvider({ redirectUris: [SSO_CALLBACK] });
afterAll(() => provider.stop());
const ENV = ssoEnv(provider);
let nextAddress = 1;
const address = () => ({ 'X-Forwarded-For': `198.18.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}` });

/** A sign-in of `sub` started on `server` and answered by the provider, up to the callback. */
async function begin(server: TestServer, sub: string) {
  return { server, ...(await ssoAuthorized(server, provider, sub, address())) };
}

/** The callback and, for a hand-off, the session: the account signed in to, or where the browser went. */
async function finish({ server, cookie, back }: Awaited<ReturnType<typeof begin>>): Promise<number | string> {
  const answer = await fetch(`${server.url}/api/auth/oidc/callback${back.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  const location = answer.headers.get('location') ?? '';
  if (!location.startsWith('/login#sso=')) return location;
  const session = await call(server, 'POST', '/api/auth/oidc/session', {
    body: { code: location.replace('/login#sso=', '') },
    headers: { ...address(), cookie },
  });
  expect(session.status).toBe(200);
  return session.body.user.id as number;
}

/** Twenty rounds: an account, two identities with its verified email, their sign-ins at once. */
async function sweep(first: TestServer, second: TestServer) {
  for (let round = 0; round < 20; round++) {
    const email = `twice-${round}@example.org`;
    const made = await call(first, 'POST', '/api/users', {
      body: { name: 'Twice', email, password: 'twice-password' },
      headers: adminHeaders(first.adminKey),
    });
    expect(made.status).toBe(201);
    provider.accounts.set(`twice-${round}-a`, { email, email_verified: true });
    provider.accounts.set(`twice-${round}-b`, { email, email_verified: true });
    const signIns = [await begin(first, `twice-${round}-a`), await begin(second, `twice-${round}-b`)];
    const outcomes = await Promise.all(signIns.map(finish));
    expect(outcomes.sort()).toEqual(['/login?sso=email-taken', made.body.id].sort());
  }
}

describe('two identities with one verified email at once (sqlite)', () => {
  let server: TestServer;
  startedForSuite(async (ends) => {
    server = ends.closing(await startTestServer({ env: ENV }));
  });
  it('link one of them to the account', () => sweep(server, server));
});

describe('two identities with one verified email at once (postgres, two instances)', () => {
  const servers = twoTestServersOnOneSchema(ENV);
  it('link one of them to the account', () => sweep(servers().a, servers().b));
});
