/**
 * A webhook that starts hearing `link.clicked` after it was made (docs/api.md#webhooks), on both
 * stores: it gets the clicks stored from then on, as a new webhook does, not every click stored
 * since it was made (it once got them all: a webhook made for `link.created` months ago flooded
 * its receiver with months of clicks when `link.clicked` was added).
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(STORE_SERVERS)('a webhook that starts hearing link.clicked on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  receiverSuite(start, { OUTBOUND_ALLOW_PRIVATE: '1' }, (p) => ({ server, receiver } = p));

  async function visit(code: string): Promise<void> {
    const answer = await fetch(`${server.url}/${code}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER } });
    await answer.arrayBuffer();
    expect(answer.status).toBe(302);
  }

  it('gets the clicks stored from then on, not the ones before', { timeout: 30_000 }, async () => {
    const made = await call(server, 'POST', '/api/webhooks', {
      headers: admin(),
      body: { url: receiver.url, events: ['link.created'] },
    });
    expect(made.status).toBe(201);
    receiver.secret = made.body.secret;
    const link = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/subscribed' },
    });
    expect(link.status).toBe(201);
    for (let i = 0; i < 3; i++) await visit(link.body.short_code);
    const storedClicks = async () =>
      (await call(server, 'GET', `/api/links?id=${link.body.id}`, { headers: admin() })).body.clicks as number;
    await waitFor(async () => (await storedClicks()) === 3, 10_000, 'the first three clicks stored');

    const changed = await call(server, 'PUT', `/api/webhooks?id=${made.body.webhook.id}`, {
      headers: admin(),
      body: { events: ['link.created', 'link.clicked'] },
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 2; i++) await visit(link.body.short_code);
    const clicks = () =>
      receiver.received
        .filter((message) => message.type === 'link.clicked')
        .flatMap((message) => message.data.clicks as { id: number; link_id: number }[])
        .filter((click) => click.link_id === link.body.id);
    await waitFor(() => clicks().length >= 2, 15_000, 'the clicks after the change');
    const exported = await fetch(`${server.url}/api/analytics/${link.body.id}/clicks?format=ndjson`, {
      headers: admin(),
    });
    expect(exported.status).toBe(200);
    const lines = (await exported.text()).trim().split('\n');
    const stored = lines.map((line) => (JSON.parse(line) as { id: number }).id).sort((a, b) => a - b);
    expect(stored).toHaveLength(5);
    expect(clicks().map((click) => click.id)).toEqual(stored.slice(3));
  });
});
