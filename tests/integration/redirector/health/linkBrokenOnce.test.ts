/**
 * `link.broken` is told once per real turn (docs/api.md#link-health), on both stores: a broken link
 * that turns `unchecked` while this server has no DNS (the checker's resolver, a real DNS server on
 * loopback, stopped) and then broken again is not told twice; one that turns ok after such a spell
 * is told it recovered. Events read from a real webhook receiver.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, call } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { type DnsServer, startDnsServer } from '../../../helpers/dnsServer';
import { until } from '../../../helpers/polling';
import type { TestServer } from '../../../helpers/testServer';
import { startReceiver, type WebhookReceiver } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

/** Past the 2 s the checker keeps its probe of the resolvers (docs/api.md#link-health). */
const pastProbe = () => new Promise((resolve) => setTimeout(resolve, 2100));

describe.each(STORE_SERVERS)('link.broken across an unchecked spell ($kind)', ({ start }) => {
  let server: TestServer;
  let dns: DnsServer;
  let receiver: WebhookReceiver;
  let destination: http.Server;
  const state = { answer: 404 };
  let port = 0;

  beforeAll(async () => {
    destination = http.createServer((_req, res) => res.writeHead(state.answer).end());
    await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
    port = (destination.address() as AddressInfo).port;
    dns = await startDnsServer({ addresses: { 'turning.test': '127.0.0.1' } });
    receiver = await startReceiver();
    server = await start({
      OUTBOUND_ALLOW_PRIVATE: '1',
      LINK_CHECK_TIMEOUT_MS: '2000',
      // Its checks all go to one host: 100 ms apart rather than the real second (not what this tests).
      LINK_CHECK_HOST_MS: '100',
      DNS_SERVERS: dns.address,
      WEBHOOK_RETRY_MS: '50',
    });
    const hook = await call(server, 'POST', '/api/webhooks', {
      headers: adminHeaders(server.adminKey),
      body: { url: receiver.url, events: ['link.broken', 'link.recovered'] },
    });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await dns?.stop();
    await closeNow(destination);
  });

  const told = (type: string, id: number) =>
    receiver.received.filter((message) => message.type === type && message.data.id === id).length;
  /** How often `type` was told of link `id`, once told more than `before` times. */
  const toldAfter = (type: string, id: number, before: number) =>
    until(
      () => told(type, id),
      (n) => n > before,
    );
  const checked = async (id: number) => {
    expect(await server.app.services.linkChecks.check(id)).toBe(true);
    const link = await call(server, 'GET', `/api/links?id=${id}`, { headers: adminHeaders(server.adminKey) });
    return (link.body as Link).health.status;
  };
  /** This server without DNS for one check, then with it again. */
  const uncheckedSpell = async (id: number) => {
    await dns.stop();
    await pastProbe();
    expect(await checked(id)).toBe('unchecked');
    await dns.setTxt({});
    await pastProbe();
  };

  it('tells broken once across broken, unchecked, broken, and recovered after broken, unchecked, ok', async () => {
    const created = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url: `http://turning.test:${port}/page` },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // Broken (404), told once.
    expect(await checked(id)).toBe('broken');
    expect(await toldAfter('link.broken', id, 0)).toBe(1);

    // No DNS: unchecked; DNS back, still 404: broken again, not a turn.
    await uncheckedSpell(id);
    expect(await checked(id)).toBe('broken');
    // Ok again: recovered, told after any second link.broken would have been (one webhook's
    // deliveries go in order).
    state.answer = 200;
    expect(await checked(id)).toBe('ok');
    expect(await toldAfter('link.recovered', id, 0)).toBe(1);
    expect(told('link.broken', id)).toBe(1);

    // Broken (told a second time: a real turn), unchecked, then ok: recovered is told.
    state.answer = 404;
    expect(await checked(id)).toBe('broken');
    expect(await toldAfter('link.broken', id, 1)).toBe(2);
    await uncheckedSpell(id);
    state.answer = 200;
    expect(await checked(id)).toBe('ok');
    expect(await toldAfter('link.recovered', id, 1)).toBe(2);
    expect(told('link.broken', id)).toBe(2);
  });
});
