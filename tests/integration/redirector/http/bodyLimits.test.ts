import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const KIB = 1024;

describe('request bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const post = (path: string, rawBody: string, contentType = 'application/json') =>
    call(server, 'POST', path, { rawBody, headers: { ...adminHeaders(server.adminKey), 'Content-Type': contentType } });

  it('answers bad JSON with a JSON 400', async () => {
    for (const path of ['/api/links', '/api/auth?action=login', '/api/auth?action=register']) {
      for (const rawBody of ['{"target_url": ', '{bad json}', 'null', '"a string"', '42']) {
        const answer = await post(path, rawBody);
        expect(answer.status, `${path} ${rawBody}`).toBe(400);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.body).toEqual({ error: 'Request body is not valid JSON' });
      }
    }
  });

  it('answers a body over 64 KiB with a JSON 413, whatever its Content-Type', async () => {
    const big = JSON.stringify({ target_url: 'https://example.com', title: 'x'.repeat(64 * KIB) });
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      for (const path of ['/api/links', '/api/auth?action=admin']) {
        const answer = await post(path, big, contentType);
        expect(answer.status, `${path} ${contentType}`).toBe(413);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.body).toEqual({ error: 'Request body is too large (64 KiB at most)' });
      }
    }
  });

  it('reads a body just under 64 KiB', async () => {
    const body = JSON.stringify({ target_url: 'https://example.com', title: 'x'.repeat(64 * KIB - 100) });
    expect(body.length).toBeLessThan(64 * KIB);
    const answer = await post('/api/links', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Title must be at most 200 characters' });
  });

  it('reads JSON sent without a JSON Content-Type (as curl -d sends it)', async () => {
    const answer = await post(
      '/api/links',
      '{"target_url":"https://example.com","short_code":"curl-d"}',
      'application/x-www-form-urlencoded',
    );
    expect(answer.status).toBe(201);
    expect(answer.body.short_code).toBe('curl-d');
  });

  it('answers an empty body or a non-object with the rule it breaks', async () => {
    expect((await post('/api/links', '')).body).toEqual({ error: 'Target URL is required' });
    const list = await post('/api/links', '[]');
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ error: 'Request body must be an object of link fields' });
    const register = await post('/api/auth?action=register', '[1, 2]');
    expect(register.status).toBe(400);
    expect(register.body).toEqual({ error: 'Request body must be an object with name, email and password' });
  });

  it('answers a list where a call reads named fields with 400, changing nothing', async () => {
    const put = (rawBody: string) =>
      call(server, 'PUT', '/api/settings', {
        rawBody,
        headers: { ...adminHeaders(server.adminKey), 'Content-Type': 'application/json' },
      });
    const changed = await put('{"root_url":"https://fallback.example/"}');
    expect(changed.status).toBe(200);
    for (const rawBody of ['[]', '[{"root_url":null}]']) {
      const answer = await put(rawBody);
      expect(answer.status, rawBody).toBe(400);
      expect(answer.body).toEqual({ error: 'Request body must be a JSON object' });
    }
    for (const path of ['/api/webhooks', '/api/keys', '/api/utm-templates', '/api/auth?action=login']) {
      const answer = await post(path, '[]');
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ error: 'Request body must be a JSON object' });
    }
    const settings = await call(server, 'GET', '/api/settings', { headers: adminHeaders(server.adminKey) });
    expect(settings.body.root_url).toBe('https://fallback.example/');
  });
});
