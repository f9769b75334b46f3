import { describe, expect, it } from 'vitest';
import { ApiError, createHttpClient, errorMessage, NETWORK_ERROR } from '../../../../renderer/src/api/client';
import { i18next } from '../../../../renderer/src/i18n';

describe('errorMessage', () => {
  it("shows the network message, else the server's error text, else the screen's fallback", () => {
    expect(errorMessage(new ApiError(0, NETWORK_ERROR), 'Login failed')).toBe('Network error. Please try again.');
    expect(errorMessage(new ApiError(401, 'x', { error: 'Invalid email or password' }), 'Login failed')).toBe(
      'Invalid email or password',
    );
    expect(errorMessage(new ApiError(502, '502 Bad Gateway', undefined), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError(500, 'x', { error: '  ' }), 'Registration failed')).toBe('Registration failed');
    expect(errorMessage(new Error('boom'), 'Failed to save link')).toBe('Failed to save link');
  });
});

describe('createHttpClient', () => {
  // The network stands in for the server here; the e2e tests run the same calls against the real one.
  function network(answer: (url: URL) => Response) {
    const seen: { url: URL; init: RequestInit }[] = [];
    const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      seen.push({ url, init });
      return answer(url);
    };
    return { seen, http: createHttpClient('http://me.example/', fetchImpl as typeof fetch) };
  }

  it('sends a CSV body as it is, reads headers with the answer, and downloads a file', async () => {
    const { seen, http } = network((url) => {
      if (url.pathname === '/api/links/export') return new Response('short_code\nsale\n', { status: 200 });
      if (url.pathname === '/api/links/import') {
        return new Response('{"error":"Unknown columns: colour"}', { status: 400 });
      }
      return new Response('[]', { status: 200, headers: { 'X-Total-Count': '61' } });
    });
    const page = await http.requestWithHeaders<unknown[]>('/api/links', {
      credential: { apiKey: 'k' },
      query: { page: 2, q: undefined },
    });
    expect(page.data).toEqual([]);
    expect(page.headers.get('X-Total-Count')).toBe('61');
    expect(seen[0]?.url.search).toBe('?page=2');
    expect(await (await http.download('/api/links/export', { credential: { apiKey: 'k' } })).text()).toBe(
      'short_code\nsale\n',
    );
    const failure = http.request('/api/links/import', {
      method: 'POST',
      credential: { apiKey: 'k' },
      content: { type: 'text/csv', data: 'colour\nred\n' },
    });
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Unknown columns: colour' });
    const sent = seen.at(-1)?.init;
    expect(sent?.body).toBe('colour\nred\n');
    expect(sent?.headers).toMatchObject({ 'Content-Type': 'text/csv', 'X-API-Key': 'k' });
  });

  it('tells every call the UI language, so that mails it causes are written in it', async () => {
    const { seen, http } = network(() => new Response('{}', { status: 200 }));
    try {
      await i18next.changeLanguage('es');
      await http.request('/api/auth', { method: 'POST', query: { action: 'forgot' }, body: { email: 'a@b.c' } });
      expect(seen.at(-1)?.init.headers).toMatchObject({ 'Accept-Language': 'es' });
    } finally {
      await i18next.changeLanguage('en');
    }
    await http.request('/api/account');
    expect(seen.at(-1)?.init.headers).toMatchObject({ 'Accept-Language': 'en' });
  });
});
