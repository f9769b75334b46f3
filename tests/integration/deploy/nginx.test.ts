/**
 * deploy/nginx.conf run by a real nginx (Debian's nginx-light; .ci/run installs it) on loopback
 * ports with a self-signed certificate: the headers it forwards, HSTS on every HTTPS answer, and a
 * forged X-Forwarded-For that the built server (TRUST_PROXY=1) must not believe.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../../redirector/contract/lists';
import { SQLITE_FILE } from '../../../redirector/storage/openStore';
import { createSqliteStore } from '../../../redirector/storage/sqlite/sqliteStore';
import type { RawAnswer } from '../../helpers/rawRequest';
import { DOMAIN, deployRuns, expectMovedToHttps, HSTS, httpsTo } from '../../helpers/reverseProxy';
import { selfSignedCertificate } from '../../helpers/selfSignedCertificate';
import { freePort } from '../../helpers/serverProcess';
import { IP } from '../../helpers/visitors';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../deploy/nginx.conf');

/** Replaces `from` in `text`, failing when the example no longer holds it (the test must follow the file). */
function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}"`);
  return text.split(from).join(to);
}

const deploy = deployRuns();

/** The example, moved to loopback ports and a self-signed certificate, in front of `upstreamPort`. */
function startNginx(upstreamPort: number) {
  const nginx = { name: 'nginx', debianPackage: 'nginx-light', stopSignal: 'SIGQUIT', startMs: 10_000 } as const;
  return deploy.startProxy(nginx, ({ dir, httpPort, httpsPort }) => {
    const certificate = selfSignedCertificate(dir, DOMAIN);
    let site = fs.readFileSync(EXAMPLE, 'utf8');
    site = replaced(site, 'server 127.0.0.1:8080;', `server 127.0.0.1:${upstreamPort};`);
    site = replaced(site, '    listen [::]:80;\n', '');
    site = replaced(site, '    listen [::]:443 ssl http2;\n', '');
    site = replaced(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
    site = replaced(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
    site = replaced(site, `/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, certificate.cert);
    site = replaced(site, `/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, certificate.key);
    fs.writeFileSync(path.join(dir, 'me.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`)
      .join(' ');
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off; master_process off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')};
events {}
http { access_log off; ${temp} include ${path.join(dir, 'me.conf')}; }
`,
    );
    const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];

    const answers = () => fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' });
    return { checkArgs: ['-t', ...args], args, log: { file: 'error.log', output: false }, answers };
  });
}

/** A request to nginx's HTTPS port as a browser on DOMAIN would send it. */
const viaHttps = (
  nginx: { httpsPort: number },
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> => httpsTo(nginx.httpsPort, DOMAIN, pathname, { method, headers, body });

describe('deploy/nginx.conf', () => {
  it('forwards the client address appended last, the scheme and the host', async () => {
    const echo = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(req.headers));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    deploy.running.push({ stop: () => new Promise((resolve) => echo.close(resolve)) });
    const nginx = await startNginx((echo.address() as AddressInfo).port);

    const answer = await viaHttps(nginx, 'GET', '/abc', { 'X-Forwarded-For': IP.us });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      host: DOMAIN,
      'x-forwarded-for': `${IP.us}, 127.0.0.1`,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': DOMAIN,
    });
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
  });

  it("passes on a body of MAX_IMPORT_BYTES, the largest Me takes (a CSV import), rather than nginx's 1 MiB limit", async () => {
    const echo = http.createServer((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      req.on('end', () => res.end(JSON.stringify({ size })));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    deploy.running.push({ stop: () => new Promise((resolve) => echo.close(resolve)) });
    const nginx = await startNginx((echo.address() as AddressInfo).port);

    const csv = 'x'.repeat(MAX_IMPORT_BYTES);
    const answer = await viaHttps(nginx, 'POST', '/api/links/import', { 'Content-Type': 'text/csv' }, csv);
    expect([answer.status, answer.body]).toEqual([200, JSON.stringify({ size: MAX_IMPORT_BYTES })]);
  });

  it('sends plain HTTP to HTTPS', async () => {
    const nginx = await startNginx(await freePort());
    await expectMovedToHttps(nginx, '/abc?x=1', 301);
  });

  it('in front of the built server: redirects, and stores the address nginx saw rather than a forged one', async () => {
    const { server, proxy: nginx } = await deploy.builtServerBehind(startNginx);

    const created = await viaHttps(
      nginx,
      'POST',
      '/api/links',
      { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
      JSON.stringify({ short_code: 'proxied', target_url: 'https://example.com/target' }),
    );
    expect(created.status, created.body).toBe(201);
    const linkId = (JSON.parse(created.body) as { id: number }).id;

    // A client that claims to be in the US: nginx appends its real address, which Me takes.
    const visit = await viaHttps(nginx, 'GET', '/proxied', { 'X-Forwarded-For': IP.us });
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('https://example.com/target');
    expect(visit.headers['strict-transport-security']).toBe(HSTS);
    const unknown = await viaHttps(nginx, 'GET', '/no-such-link');
    expect([unknown.status, unknown.headers['strict-transport-security']]).toEqual([404, HSTS]);

    deploy.running.splice(deploy.running.indexOf(server), 1);
    expect(await server.stop()).toBe(0);
    const store = createSqliteStore(path.join(server.dataDir, SQLITE_FILE));
    try {
      const clicks = await store.clicks.listByLink(linkId);
      expect(clicks.map((click) => [click.ip_address, click.country])).toEqual([['127.0.0.1', 'XX']]);
    } finally {
      await store.close();
    }
  });
});
