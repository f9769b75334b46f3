import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../../../helpers/suiteServer';

describe('health and routing', () => {
  const suite = serverForSuite();

  it('answers /healthz once the database answers', async () => {
    const response = await fetch(`${suite.server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404, with or without credentials', async () => {
    for (const headers of [{}, { 'X-API-Key': suite.server.adminKey }] as Record<string, string>[]) {
      const response = await fetch(`${suite.server.url}/api/no-such-call`, { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toHaveProperty('error');
    }
  });

  it('tells any client where short links live, without credentials', async () => {
    const response = await fetch(`${suite.server.url}/api/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      public_url: 'http://localhost:0',
      registration: 'open',
      mail: false,
      sso: null,
      password_login: true,
    });
  });

  it('answers CORS preflights for /api with the allowed headers listed', async () => {
    const response = await fetch(`${suite.server.url}/api/links`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, X-API-Key');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('serves the app with security headers on every UI route', async () => {
    for (const route of ['/', '/login', '/register', '/dashboard', '/test-storage', '/admin', '/admin/links']) {
      const response = await fetch(`${suite.server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
