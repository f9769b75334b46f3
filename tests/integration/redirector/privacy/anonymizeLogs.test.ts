/**
 * The built server with ANONYMIZE_IPS=1 and LOG_FORMAT=json: redirects and a wrong credential from
 * full addresses leave none of them in the log output or in DATA_DIR (the key file aside).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { VISITOR_KEY_FILE } from '../../../../redirector/privacy/visitorSecret';
import { startServerProcess } from '../../../helpers/serverProcess';
import { FULL_ADDRESSES, sendTraffic } from './privacyTraffic';

it('writes no full address to the log or DATA_DIR', async () => {
  const server = await startServerProcess({ env: { ANONYMIZE_IPS: '1', TRUST_PROXY: '1', LOG_FORMAT: 'json' } });
  let stopped = false;
  try {
    const headers = { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' };
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ target_url: 'https://example.com/', short_code: 'anonlog' }),
    });
    expect(created.status).toBe(201);
    await sendTraffic(server, 'anonlog');
    for (const ip of FULL_ADDRESSES) {
      const wrong = await fetch(`${server.url}/api/analytics/summary`, {
        headers: { 'X-API-Key': 'wrong-key-0123456789abcdef', 'X-Forwarded-For': ip },
      });
      expect(wrong.status).toBe(401);
    }
    const stats = await fetch(`${server.url}/api/analytics/repeat-visitors`, { headers });
    expect(((await stats.json()) as { totalUniqueVisitors: number }).totalUniqueVisitors).toBe(5);
    expect(await server.stop()).toBe(0);
    stopped = true;
    expect(server.output()).toContain('"msg"');
    expect(FULL_ADDRESSES.filter((ip) => server.output().includes(ip))).toEqual([]);
    const files = fs
      .readdirSync(server.dataDir)
      .filter((name) => name !== VISITOR_KEY_FILE)
      .map((name) => fs.readFileSync(path.join(server.dataDir, name)).toString('latin1'))
      .join('\n');
    expect(files).toContain('198.51.100.0');
    expect(FULL_ADDRESSES.filter((ip) => files.includes(ip))).toEqual([]);
    expect(fs.statSync(path.join(server.dataDir, VISITOR_KEY_FILE)).mode & 0o777).toBe(0o600);
  } finally {
    if (!stopped) await server.kill();
  }
});
