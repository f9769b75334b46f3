/**
 * deploy/Caddyfile run by a real Caddy (Debian's caddy; .ci/run installs it) on loopback ports, its
 * certificate from Caddy's own local authority: it proxies to the built server, sends HSTS on every
 * HTTPS answer, and moves plain HTTP to HTTPS without it; a verified custom domain gets its
 * certificate on demand (Caddy asks GET /api/domains/allowed), any other name none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAIN, deployRuns, expectMovedToHttps, HSTS, httpsTo } from '../../helpers/reverseProxy';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../deploy/Caddyfile');

const deploy = deployRuns();

/** The example in front of `upstreamPort`, on loopback ports, with its state in a temp folder. */
function startCaddy(upstreamPort: number) {
  // Ready once HTTPS answers: the certificate is issued at start, hence the longer wait.
  const caddy = { name: 'caddy', debianPackage: 'caddy', stopSignal: 'SIGTERM', startMs: 20_000 } as const;
  return deploy.startProxy(caddy, ({ dir, httpPort, httpsPort }) => {
    const example = fs.readFileSync(EXAMPLE, 'utf8');
    if (!example.includes('reverse_proxy 127.0.0.1:8080'))
      throw new Error('deploy/Caddyfile no longer proxies to 8080');
    // The test's own options join the example's global block.
    const global = `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	default_bind 127.0.0.1
	local_certs
	skip_install_trust
	storage file_system ${path.join(dir, 'storage')}
`;
    const config = path.join(dir, 'Caddyfile');
    if (!/^\{$/m.test(example)) throw new Error('deploy/Caddyfile has no global options block');
    fs.writeFileSync(
      config,
      example.replace(/^\{$/m, global).replaceAll('127.0.0.1:8080', `127.0.0.1:${upstreamPort}`),
    );
    const env = {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    };
    const args = ['--config', config, '--adapter', 'caddyfile'];
    const log = { file: 'caddy.log', output: true };
    return {
      checkArgs: ['validate', ...args],
      args: ['run', ...args],
      env,
      log,
      answers: (proxy) => viaHttps(proxy, '/'),
    };
  });
}

/** A GET to Caddy's HTTPS port as a browser on `domain` would send it. */
const viaHttps = (caddy: { httpsPort: number }, pathname: string, domain = DOMAIN) =>
  httpsTo(caddy.httpsPort, domain, pathname);

describe('deploy/Caddyfile', () => {
  it('in front of the built server: HSTS on every HTTPS answer, none over plain HTTP', async () => {
    const { server, proxy: caddy } = await deploy.builtServerBehind(startCaddy);

    const created = await fetch(`http://127.0.0.1:${server.port}/api/links`, {
      method: 'POST',
      headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ short_code: 'caddied', target_url: 'https://example.com/target' }),
    });
    expect(created.status).toBe(201);

    const visit = await viaHttps(caddy, '/caddied');
    expect([visit.status, visit.headers.location]).toEqual([302, 'https://example.com/target']);
    expect(visit.headers['strict-transport-security']).toBe(HSTS);
    const unknown = await viaHttps(caddy, '/no-such-link');
    expect([unknown.status, unknown.headers['strict-transport-security']]).toEqual([404, HSTS]);
    const health = await viaHttps(caddy, '/healthz');
    expect([health.status, health.headers['strict-transport-security']]).toEqual([200, HSTS]);

    await expectMovedToHttps(caddy, '/caddied?x=1', 308);
  });

  it('gets a certificate on demand for a verified custom domain only, and routes it by host', async () => {
    const { server, proxy: caddy } = await deploy.builtServerBehind(startCaddy);
    const api = async (method: string, pathname: string, body: unknown, headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${server.port}${pathname}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const register = { name: 'Ada', email: 'ada@example.com', password: 'secret-pw' };
    expect((await api('POST', '/api/auth?action=register', register, {})).status).toBe(201);
    const login = await api('POST', '/api/auth?action=login', register, {});
    const user = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    expect((await api('POST', '/api/user/domain', { domain: 'go.ada.test' }, user)).status).toBe(200);
    const verify = await api(
      'PUT',
      '/api/domains?domain=go.ada.test',
      { status: 'verified' },
      {
        'X-API-Key': server.adminKey,
      },
    );
    expect(verify.status).toBe(200);
    const link = await api(
      'POST',
      '/api/links/create',
      { short_code: 'ada', target_url: 'https://ada.example/' },
      user,
    );
    expect(((await link.json()) as { link: { short_url: string } }).link.short_url).toMatch(
      /^http:\/\/go\.ada\.test\/ada$/,
    );

    const visit = await viaHttps(caddy, '/ada', 'go.ada.test');
    expect([visit.status, visit.headers.location]).toEqual([302, 'https://ada.example/']);
    expect(visit.headers['strict-transport-security']).toBe(HSTS);
    expect((await viaHttps(caddy, '/api/config', 'go.ada.test')).status).toBe(404);
    // A name Me does not serve gets no certificate: the handshake itself fails.
    await expect(viaHttps(caddy, '/ada', 'elsewhere.test')).rejects.toThrow();
  });
});
