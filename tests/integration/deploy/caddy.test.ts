/**
 * deploy/Caddyfile run by a real Caddy (Debian's caddy; .ci/run installs it) on loopback ports, its
 * certificate from Caddy's own local authority: it proxies to the built server, sends HSTS on every
 * HTTPS answer, and moves plain HTTP to HTTPS without it; a verified custom domain gets its
 * certificate on demand (Caddy asks GET /api/domains/allowed), any other name none.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess } from '../../helpers/serverProcess';
import { makeTempDir } from '../../helpers/testServer';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../deploy/Caddyfile');
const DOMAIN = 's.example.com';
const HSTS = 'max-age=31536000';

function caddyBinary(): string {
  for (const candidate of ['/usr/bin/caddy', '/usr/local/bin/caddy']) if (fs.existsSync(candidate)) return candidate;
  throw new Error("caddy is missing: install Debian's caddy (apt-get install -y caddy), as .ci/run does");
}

interface Caddy {
  httpPort: number;
  httpsPort: number;
  stop(): Promise<void>;
}

const running: { stop(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

/** The example in front of `upstreamPort`, on loopback ports, with its state in a temp folder. */
async function startCaddy(upstreamPort: number): Promise<Caddy> {
  const binary = caddyBinary();
  const dir = makeTempDir('me-caddy-');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const example = fs.readFileSync(EXAMPLE, 'utf8');
  if (!example.includes('reverse_proxy 127.0.0.1:8080')) throw new Error('deploy/Caddyfile no longer proxies to 8080');
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
  fs.writeFileSync(config, example.replace(/^\{$/m, global).replaceAll('127.0.0.1:8080', `127.0.0.1:${upstreamPort}`));
  const env = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
  const args = ['--config', config, '--adapter', 'caddyfile'];
  const check = spawnSync(binary, ['validate', ...args], { encoding: 'utf8', env });
  expect(check.status, check.stderr).toBe(0);

  const log = fs.openSync(path.join(dir, 'caddy.log'), 'w');
  const child: ChildProcess = spawn(binary, ['run', ...args], { stdio: ['ignore', log, log], env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const caddy: Caddy = {
    httpPort,
    httpsPort,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.closeSync(log);
    },
  };
  running.push(caddy);
  // Ready once HTTPS answers: the certificate is issued at start.
  for (const started = Date.now(); ; ) {
    const answered = await viaHttps(caddy, '/').then(
      () => true,
      () => false,
    );
    if (answered) return caddy;
    if (child.exitCode !== null || Date.now() - started > 20_000) {
      throw new Error(`caddy did not start:\n${fs.readFileSync(path.join(dir, 'caddy.log'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** A GET to Caddy's HTTPS port as a browser on `domain` would send it (Caddy's own authority is not trusted here). */
function viaHttps(caddy: Caddy, pathname: string, domain = DOMAIN): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: caddy.httpsPort,
          path: pathname,
          servername: domain,
          rejectUnauthorized: false,
          agent: false,
          headers: { Host: domain },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      )
      .on('error', reject);
  });
}

describe('deploy/Caddyfile', () => {
  it('in front of the built server: HSTS on every HTTPS answer, none over plain HTTP', async () => {
    const server: ServerProcess = await startServerProcess({ env: { TRUST_PROXY: '1' } });
    running.push(server);
    const caddy = await startCaddy(server.port);

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

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: caddy.httpPort, path: '/caddied?x=1', headers: { Host: DOMAIN }, agent: false },
          (res) => {
            res.resume();
            resolve(res);
          },
        )
        .on('error', reject);
    });
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toBe(`https://${DOMAIN}/caddied?x=1`);
    // Over plain HTTP the header means nothing to a browser (RFC 6797 §8.1).
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('gets a certificate on demand for a verified custom domain only, and routes it by host', async () => {
    const server: ServerProcess = await startServerProcess({ env: { TRUST_PROXY: '1' } });
    running.push(server);
    const caddy = await startCaddy(server.port);
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
