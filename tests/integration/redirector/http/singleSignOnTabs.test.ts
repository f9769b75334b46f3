/**
 * Sign-ins started in several tabs of one browser (docs/api.md#single-sign-on), on both stores,
 * against a real OpenID Connect provider (oidc-provider) on loopback: the browser keeps its cookies
 * as a browser does (one jar, a later cookie of the same name replacing the earlier one, Max-Age=0
 * removing it), and each tab's sign-in keeps its own binding, so every tab signs in, whichever
 * order they come back in; a browser that started none still signs in with none (no login CSRF).
 */
import { describe, expect, it } from 'vitest';
import type { TestProvider } from '../../../helpers/oidcProvider';
import { startSsoServer } from '../../../helpers/ssoServer';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, movableClock } from './accountStores';

/** One browser's cookies for the server: what Set-Cookie lines leave, sent back as one Cookie header. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    keep(answer: Response) {
      for (const line of answer.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const [name = '', value = ''] = pair.split('=');
        if (attributes.includes('Max-Age=0')) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    names: () => [...cookies.keys()],
  };
}

describe.each(CLOCKED_STORES)('single sign-on in several tabs of one browser ($kind)', ({ start }) => {
  let provider: TestProvider;
  let server: TestServer;
  let nextAddress = 1;
  const clock = movableClock();
  const address = () => ({ 'X-Forwarded-For': `192.0.2.${nextAddress++ % 250}` });

  startedForSuite(async (ends) => {
    ({ provider, server } = await startSsoServer(ends, (env) => start(env, clock)));
  });

  /** A tab's click on "Sign in with …": the provider's answer, to come back with later. */
  async function startTab(jar: ReturnType<typeof cookieJar>): Promise<URL> {
    const started = await fetch(`${server.url}/api/auth/oidc/start`, {
      redirect: 'manual',
      headers: { ...address(), cookie: jar.header() },
    });
    jar.keep(started);
    return provider.authorize(started.headers.get('location') ?? '');
  }

  /** The tab back from the provider: the callback, then the login screen's hand-off; the account signed in to. */
  async function finishTab(jar: ReturnType<typeof cookieJar>, back: URL): Promise<number | string> {
    const answer = await fetch(`${server.url}/api/auth/oidc/callback${back.search}`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.keep(answer);
    const location = answer.headers.get('location') ?? '';
    if (!location.startsWith('/login#sso=')) return location;
    const session = await fetch(`${server.url}/api/auth/oidc/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...address(), cookie: jar.header() },
      body: JSON.stringify({ code: location.replace('/login#sso=', '') }),
    });
    jar.keep(session);
    return session.status === 200 ? ((await session.json()) as { user: { id: number } }).user.id : session.status;
  }

  it('signs every tab in, in either order, and leaves no binding behind', async () => {
    provider.accounts.set('tabs', { email: 'tabs@example.org', email_verified: true });
    provider.signInAs('tabs');
    const jar = cookieJar();
    const [first, second, third] = [await startTab(jar), await startTab(jar), await startTab(jar)];
    const firstUser = await finishTab(jar, first);
    expect(firstUser).toEqual(expect.any(Number));
    expect(await finishTab(jar, third)).toBe(firstUser);
    expect(await finishTab(jar, second)).toBe(firstUser);
    expect(jar.names()).toEqual([]);
  });

  it('signs in no browser that did not start the sign-in, though it started others', async () => {
    provider.accounts.set('victim', { email: 'victim@example.org', email_verified: true });
    provider.accounts.set('attacker', { email: 'attacker@example.org', email_verified: true });
    const victim = cookieJar();
    provider.signInAs('victim');
    await startTab(victim);
    provider.signInAs('attacker');
    const attackers = await startTab(cookieJar());
    expect(await finishTab(victim, attackers)).toBe('/login?sso=failed');
  });
});
