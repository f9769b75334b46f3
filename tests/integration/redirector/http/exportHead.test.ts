/**
 * A CSV export whose answer ends before its rows (a `HEAD`, whose body Koa drops; a client that
 * goes away) is no failure of the service: nothing is logged (docs/api.md#answers). Each `HEAD` of
 * an export logged `unexpected error in HEAD /api/links/user/export: Error ERR_STREAM_PREMATURE_CLOSE`
 * with its stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { newDataPlace, type RunningServer, send, signedInUser, startServerOn } from './hardeningHelpers';

describe('a HEAD of an export', () => {
  let logs: CapturedLogs;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    logs = captureLogs('text');
    server = await startServerOn(await newDataPlace('sqlite'));
    token = (await signedInUser(server.url)).token;
    const made = await send(server.url, 'POST', '/api/links/create', {
      body: { target_url: 'https://example.com/' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(made.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    logs.restore();
  });

  it('answers the headers of the export and logs nothing', async () => {
    const user = { Authorization: `Bearer ${token}` };
    const admin = { 'X-API-Key': server.adminKey };
    const calls: [string, Record<string, string>][] = [
      ['/api/links/user/export', user],
      ['/api/audit/export', user],
      ['/api/links/export', admin],
      ['/api/audit/export', admin],
    ];
    for (const [path, headers] of calls) {
      const head = await send(server.url, 'HEAD', path, { headers });
      expect([path, head.status]).toEqual([path, 200]);
      // A whole export after it: the HEAD's rows have been dropped by the time this one ends.
      const whole = await send(server.url, 'GET', path, { headers });
      expect([path, whole.status]).toEqual([path, 200]);
    }
    expect(logs.errors).toEqual([]);
  });
});
