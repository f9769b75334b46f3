/**
 * What the service logs on its error paths holds no request body, password, token or key
 * (docs/api.md#hardening-and-privacy), and a flood of errors cannot flood the log.
 */
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { newDataPlace, STORE_KINDS, send, startServerOn } from './hardeningHelpers';

const SECRET = 'pa55-SECRET-do-not-log';

// Error lines only: every /api request also gets its access line (observability/logs.test.ts).
let logs: CapturedLogs;
let lines: string[] = [];
beforeEach(() => {
  logs = captureLogs('text');
  lines = logs.errors;
});
afterEach(() => {
  logs.restore();
});

describe.each(STORE_KINDS)('error logs on %s', (kind) => {
  it('log a 500 as one line without the body, and malformed bodies not at all', async () => {
    const place = await newDataPlace(kind);
    const server = await startServerOn(place);
    try {
      const bodies: [string, Record<string, string>][] = [
        [`{"__proto__": 1, "email": "a@b.co", "password": "${SECRET}"}`, {}],
        [`{"email": "a@b.co", "password": "${SECRET}"`, {}],
        [`{"email": "a@b.co", "password": "${SECRET}"}`, { 'Content-Encoding': 'gzip' }],
        [`{"email": "a@b.co", "password": "${SECRET}"}`, { 'Content-Encoding': 'br' }],
        [`{"email": "a@b.co", "password": "${SECRET}\\u0000"}`, {}],
      ];
      for (const [rawBody, headers] of bodies) {
        const answer = await send(server.url, 'POST', '/api/auth?action=login', {
          rawBody,
          headers: { 'Content-Type': 'application/json', ...headers },
        });
        expect(answer.status).toBeLessThan(500);
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      }
      const truncated = zlib.gzipSync(`{"password": "${SECRET}"}`).subarray(0, 20);
      await send(server.url, 'POST', '/api/links', {
        rawBody: truncated,
        headers: { 'Content-Encoding': 'gzip', 'X-API-Key': server.adminKey },
      });
      expect(lines).toEqual([]);

      // A real 500: the database has gone away under a sign-in.
      await server.app.services.store.close();
      const failed = await send(server.url, 'POST', '/api/auth?action=login&token=abc', {
        body: { email: 'someone@example.com', password: SECRET },
        headers: { Authorization: `Bearer ${SECRET}-token`, 'X-API-Key': `${SECRET}-key` },
      });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ error: 'Internal server error' });
      const log = lines.join('\n');
      expect(log).toMatch(/ me: unexpected error in POST \/api\/auth: \w+/);
      const everything = logs.lines.join('\n');
      expect(everything).not.toContain(SECRET);
      expect(everything).not.toContain('someone@example.com');
      expect(everything).not.toContain('token=abc');
    } finally {
      await server.close().catch(() => undefined);
      await place.drop();
    }
  });
});

it('logs at most 10 errors a second, then one line counting the rest', async () => {
  const place = await newDataPlace('sqlite');
  const server = await startServerOn(place);
  await server.app.services.store.close();
  const flood = 100;
  try {
    const answers = await Promise.all(
      Array.from({ length: flood }, () =>
        send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': server.adminKey } }),
      ),
    );
    expect(answers.every((answer) => answer.status === 500)).toBe(true);
    // The limit is per wall-clock second; a flood on a busy machine may straddle two or three.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': server.adminKey } });
    const errorLines = lines.filter((line) => / me: unexpected error in GET \/api\/links: /.test(line));
    const perSecond = new Map<string, number>();
    for (const line of errorLines) {
      const second = line.slice(0, 19);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(10);
    const counted = lines
      .map((line) => / me: (\d+) more errors not logged$/.exec(line)?.[1])
      .filter((count): count is string => count !== undefined)
      .reduce((sum, count) => sum + Number(count), 0);
    expect(counted).toBeGreaterThan(0);
    expect(errorLines.length + counted).toBe(flood + 1);
  } finally {
    await server.close().catch(() => undefined);
  }
});
