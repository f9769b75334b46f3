import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

describe('custom domain calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://Me.Example.com:8443/ignored' } });
  });
  afterAll(() => server.close());

  const domain = (token: string, method: string, body?: unknown) =>
    call(server, method, '/api/user/domain', { headers: bearer(token), body });

  it('GET answers the user, their domain (none yet) and the default domain', async () => {
    const user = await newUser(server, 'Dora');
    const answer = await domain(user.token, 'GET');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      user: { id: user.user.id, name: 'Dora', email: user.user.email, custom_domain: null },
      domain: null,
      default_domain: 'me.example.com',
      public_url: 'https://me.example.com:8443',
      verification: null,
      allowed_domains: null,
    });
  });

  it('POST stores a bare lower-cased host; GET, login and a repeat see it; DELETE removes it', async () => {
    const user = await newUser(server, 'Dan');
    const set = await domain(user.token, 'POST', { domain: '  Links.Dan-Site.COM ' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      domain: 'links.dan-site.com',
      verification: {
        status: 'pending',
        record: {
          type: 'TXT',
          name: '_me-challenge.links.dan-site.com',
          value: expect.stringMatching(/^me-verify=[\w-]{22,}$/),
        },
        checked_at: null,
        error: null,
      },
    });
    expect((await domain(user.token, 'GET')).body).toMatchObject({
      user: { custom_domain: 'links.dan-site.com' },
      domain: 'links.dan-site.com',
    });
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: user.user.email, password: user.password },
    });
    expect(login.body.user.custom_domain).toBe('links.dan-site.com');
    expect((await domain(user.token, 'POST', { domain: 'links.dan-site.com' })).status).toBe(200);

    const removed = await domain(user.token, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await domain(user.token, 'GET')).body.domain).toBeNull();
  });

  it('lets a pending claim block nobody, and keeps a verified domain to its user (409) until they remove it', async () => {
    const first = await newUser(server, 'First');
    const second = await newUser(server, 'Second');
    expect((await domain(first.token, 'POST', { domain: 'go.shared.example' })).status).toBe(200);
    expect((await domain(second.token, 'POST', { domain: 'GO.shared.example' })).body).toMatchObject({
      domain: 'go.shared.example',
      verification: { status: 'pending' },
    });
    await domain(second.token, 'DELETE');
    const verified = await call(server, 'PUT', '/api/domains?domain=go.shared.example', {
      headers: { 'X-API-Key': server.adminKey },
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
    const taken = await domain(second.token, 'POST', { domain: 'GO.shared.example' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'This domain is already used by another account' });
    expect((await domain(second.token, 'GET')).body.domain).toBeNull();
    await domain(first.token, 'DELETE');
    expect((await domain(second.token, 'POST', { domain: 'go.shared.example' })).body).toMatchObject({
      domain: 'go.shared.example',
      verification: { status: 'pending' },
    });
  });

  it('answers 400 for the default domain and anything but a bare host name', async () => {
    const user = await newUser(server, 'Picky');
    const cases: [unknown, string][] = [
      [{ domain: 'me.example.com' }, 'That is already the default domain; enter a domain of your own'],
      [{ domain: 'ME.EXAMPLE.COM' }, 'That is already the default domain; enter a domain of your own'],
      [{ domain: '' }, 'Please enter a domain'],
      [{ domain: '   ' }, 'Please enter a domain'],
      [{}, 'Please enter a domain'],
      [{ domain: 7 }, 'Please enter a domain'],
      [{ domain: 'https://links.example.org' }, 'Enter the domain without http:// or https://'],
      [{ domain: 'links.example.org/path' }, 'Enter the domain without a path (just the host name)'],
      [{ domain: 'links.example.org:8080' }, 'Enter the domain without a port'],
      [{ domain: 'not a domain' }, 'Please enter a valid domain name, like links.example.com'],
      [{ domain: '192.0.2.1' }, 'Please enter a valid domain name, like links.example.com'],
    ];
    for (const [body, error] of cases) {
      const answer = await domain(user.token, 'POST', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error });
    }
    expect((await domain(user.token, 'GET')).body.domain).toBeNull();
  });

  it('answers 401 without a user token', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await call(server, method, '/api/user/domain', { headers: { 'X-API-Key': server.adminKey } });
      expect(answer.status, method).toBe(401);
      expect(answer.body).toEqual({ error: 'Sign in required' });
    }
  });
});
