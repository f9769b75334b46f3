/**
 * Every special-use address is refused by the service's own requests
 * (docs/api.md#outbound-addresses), on both stores: a webhook's address at creation, a webhook
 * test call and a link check to an address the rule let through before (IPv4-compatible, local-use NAT64, 6to4 around loopback,
 * discard-only, TEST-NET) all refuse with the private rule's message, without a connection.
 */
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import type { Link } from '../../../../redirector/contract/links';
import { OUTBOUND_PRIVATE_RULE } from '../../../../redirector/outbound/addressRules';
import { adminHeaders, call } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import type { WebhookReceiver } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

/** Hosts of the outside test's finding, each in a class the old rule let through. */
const SPECIAL_HOSTS = [
  '[::7f00:1]',
  '[64:ff9b:1::7f00:1]',
  '[2002:7f00:1::1]',
  '[100::1]',
  '192.0.2.1',
  '198.51.100.1',
  '203.0.113.1',
];

describe.each(STORE_SERVERS)('special-use addresses on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  receiverSuite(start, { LINK_CHECK_TIMEOUT_MS: '2000' }, (p) => ({ server, receiver } = p));

  it('refuses a webhook to each at creation', async () => {
    for (const host of SPECIAL_HOSTS) {
      const url = `http://${host}:${new URL(receiver.url).port}/hook`;
      const answer = await call(server, 'POST', '/api/webhooks', {
        headers: admin(),
        body: { url, events: ['link.created'] },
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe(OUTBOUND_PRIVATE_RULE);
    }
  });

  it('refuses a webhook test call to each without connecting', async () => {
    const port = new URL(receiver.url).port;
    for (const host of SPECIAL_HOSTS) {
      // A webhook of its own for each (tests of one webhook are paced).
      const created = await call(server, 'POST', '/api/webhooks', {
        headers: admin(),
        body: { url: 'http://93.184.215.14/hook', events: ['link.created'] },
      });
      expect(created.status).toBe(201);
      const id = created.body.webhook.id as number;
      // As if the address had been saved before the rule knew it.
      await server.store.events.webhooks.update(id, systemScope(), { url: `http://${host}:${port}/hook` });
      const test = await call(server, 'POST', `/api/webhooks/test?id=${id}`, { headers: admin() });
      await call(server, 'DELETE', `/api/webhooks?id=${id}`, { headers: admin() });
      expect(test.status, host).toBe(200);
      expect(test.body, host).toMatchObject({ status: null, error: OUTBOUND_PRIVATE_RULE });
    }
    expect(receiver.hits).toBe(0);
  });

  it('skips a link check to each', async () => {
    for (const host of SPECIAL_HOSTS) {
      const created = await call(server, 'POST', '/api/links', {
        headers: admin(),
        body: { target_url: `http://${host}:${new URL(receiver.url).port}/page` },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const checked = await call(server, 'POST', `/api/links/check?id=${created.body.id}`, { headers: admin() });
      expect(checked.status, host).toBe(200);
      const found = (await call(server, 'GET', `/api/links?id=${created.body.id}`, { headers: admin() })).body as Link;
      expect(found.health, host).toMatchObject({ status: 'skipped', error: 'Private address: not checked' });
    }
    expect(receiver.hits).toBe(0);
  });
});
