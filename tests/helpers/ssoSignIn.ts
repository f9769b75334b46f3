/**
 * A whole single sign-on (docs/api.md#single-sign-on) as one browser makes it, against a test
 * provider (oidcProvider.ts): the start, the provider's answer, the callback and the hand-off of the
 * session, with the browser's binding cookie carried through. Shared by the suites that need a
 * signed-in account rather than the sign-in's own steps (singleSignOnTeams, singleSignOnStreams), and
 * its first half by those that take the callback apart (singleSignOnAccount, singleSignOnLinkRace).
 */
import { expect } from 'vitest';
import { call } from './api';
import type { ProviderAccount, TestProvider } from './oidcProvider';

/**
 * A sign-in of `sub` (one of `provider`'s accounts) started on `server` and answered by the
 * provider: the browser's binding (`cookie`, for the callback and the hand-off) and where the
 * provider sends the browser back (`back`, the callback's URL). `headers` go with the start.
 */
export async function ssoAuthorized(
  server: { url: string },
  provider: TestProvider,
  sub: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; back: URL }> {
  provider.signInAs(sub);
  const started = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual', headers });
  const cookie = started.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { cookie, back: await provider.authorize(started.headers.get('location') ?? '') };
}

/**
 * Signs `sub` in with `account`'s claims: the hand-off's answer (a user session, or the
 * administrator's with `apiKey`). `headers` go with the start and the hand-off (an address, say).
 */
export async function ssoSignIn<T = Record<string, unknown>>(
  server: { url: string },
  provider: TestProvider,
  sub: string,
  account: ProviderAccount,
  headers: Record<string, string> = {},
): Promise<T> {
  provider.accounts.set(sub, account);
  const { cookie, back } = await ssoAuthorized(server, provider, sub, headers);
  const answer = await fetch(`${server.url}/api/auth/oidc/callback${back.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  const location = answer.headers.get('location') ?? '';
  expect(location).toMatch(/^\/login#sso=/);
  const session = await call(server, 'POST', '/api/auth/oidc/session', {
    body: { code: location.replace(/^\/login#sso=/, '') },
    headers: { ...headers, cookie },
  });
  expect(session.status).toBe(200);
  return session.body as T;
}
