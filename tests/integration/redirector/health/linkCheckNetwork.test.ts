/**
 * Link health says when it could not check (docs/api.md#link-health), on both stores: the checker
 * resolves names with DNS_SERVERS, here a DNS server on loopback. While it does not answer (stopped:
 * this server has no DNS), a link is `unchecked` with the reason, check after check, never broken;
 * once it answers again, a name it says does not exist is broken. A resolver that denies every name,
 * the root's too (a sandbox's without a way out), cannot resolve names either: unchecked, not broken.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, call } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { type DnsServer, startDnsServer } from '../../../helpers/dnsServer';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

describe.each(STORE_SERVERS)('link checks without DNS ($kind)', ({ start }) => {
  let server: TestServer;
  let dns: DnsServer;
  let destination: http.Server;
  let port = 0;
  let requests = 0;

  beforeAll(async () => {
    destination = http.createServer((_req, res) => {
      requests += 1;
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
    port = (destination.address() as AddressInfo).port;
    dns = await startDnsServer({ addresses: { 'known.test': '127.0.0.1' } });
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_TIMEOUT_MS: '2000', DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.stop();
    await closeNow(destination);
  });

  const create = async (target_url: string) => {
    const created = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url },
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const checked = async (id: number) => {
    expect(await server.app.services.linkChecks.check(id)).toBe(true);
    return ((await call(server, 'GET', `/api/links?id=${id}`, { headers: adminHeaders(server.adminKey) })).body as Link)
      .health;
  };

  it('marks links unchecked with the reason while no resolver answers, and broken for a missing name once one does', async () => {
    const known = await create(`http://known.test:${port}/page`);
    const missing = await create(`http://missing.test:${port}/page`);
    expect((await checked(known)).status).toBe('ok');
    expect(requests).toBe(1);

    await dns.stop();
    // The probe's answer is kept 2 s: past it, the checker asks its resolvers again.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const id of [known, missing, known, missing]) {
      const health = await checked(id);
      expect(health.status).toBe('unchecked');
      expect(health.error).toMatch(/^Not checked: this server cannot resolve names \((ECONNREFUSED|ETIMEOUT)\)$/);
      expect(health.checked_at).not.toBeNull();
    }
    expect(requests).toBe(1);
    const counts = await call(server, 'GET', '/api/links/health', { headers: adminHeaders(server.adminKey) });
    expect(counts.body).toMatchObject({ broken: 0, unchecked: 2 });

    await dns.setTxt({});
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await checked(missing)).toMatchObject({ status: 'broken', error: 'DNS: the name does not resolve' });
    expect((await checked(known)).status).toBe('ok');
  });
});

describe.each(STORE_SERVERS)(
  'link checks with a resolver that denies every name, the root too ($kind)',
  ({ start }) => {
    let server: TestServer;
    let dns: DnsServer;

    beforeAll(async () => {
      // As a sandbox's resolver without a way out answers: NXDOMAIN for every name, `. NS` included.
      dns = await startDnsServer({ denyingAll: true });
      server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_TIMEOUT_MS: '2000', DNS_SERVERS: dns.address });
    });
    afterAll(async () => {
      await server?.close();
      await dns?.stop();
    });

    it('marks links unchecked with the reason, not broken', async () => {
      const created = await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: { target_url: 'https://example.com/page' },
      });
      expect(created.status).toBe(201);
      expect(await server.app.services.linkChecks.check(created.body.id)).toBe(true);
      const link = (
        await call(server, 'GET', `/api/links?id=${created.body.id}`, { headers: adminHeaders(server.adminKey) })
      ).body as Link;
      expect(link.health.status).toBe('unchecked');
      // ENOTFOUND, or ETIMEOUT when the machine is so busy that the resolver's answer comes late.
      expect(link.health.error).toMatch(/^Not checked: this server cannot resolve names \((ENOTFOUND|ETIMEOUT)\)$/);
      const counts = await call(server, 'GET', '/api/links/health', { headers: adminHeaders(server.adminKey) });
      expect(counts.body).toMatchObject({ broken: 0 });
    });
  },
);
