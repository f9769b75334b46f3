import { describe, expect, it } from 'vitest';
import { ApiError, createHttpClient, errorMessage, NETWORK_ERROR } from '../../../../renderer/src/api/client';

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

describe('createHttpClient against a real server', () => {
  it('sends a CSV body as it is, reads headers with the answer, and downloads a file', async () => {
    const { createServer } = await import('node:http');
    const seen: { type?: string; key?: string; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ type: request.headers['content-type'], key: request.headers['x-api-key'] as string, body });
        if (request.url?.startsWith('/api/links/export')) {
          response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
          response.end('short_code,target_url\nsale,https://example.com/\n');
        } else if (request.url?.startsWith('/api/links/import')) {
          response.writeHead(400, { 'Content-Type': 'application/json' });
          response.end('{"error":"Unknown columns: colour"}');
        } else {
          response.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': '61' });
          response.end('[]');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const http = createHttpClient(`http://127.0.0.1:${port}`);
      const page = await http.requestWithHeaders<unknown[]>('/api/links', { apiKey: 'k', query: { page: 2 } });
      expect(page.data).toEqual([]);
      expect(page.headers.get('X-Total-Count')).toBe('61');
      const file = await http.download('/api/links/export', { apiKey: 'k' });
      expect(await file.text()).toBe('short_code,target_url\nsale,https://example.com/\n');
      const failure = http.request('/api/links/import', {
        method: 'POST',
        apiKey: 'k',
        content: { type: 'text/csv', data: 'colour\nred\n' },
      });
      await expect(failure).rejects.toMatchObject({ status: 400, message: 'Unknown columns: colour' });
      expect(seen.at(-1)).toEqual({ type: 'text/csv', key: 'k', body: 'colour\nred\n' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
