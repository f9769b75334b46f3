/**
 * `link.expired` on both stores (docs/api.md#webhooks): a link reaching its click limit, and one
 * passing its expiry date, each get one event (a webhook message signed as the others, verified
 * with the standardwebhooks library by a real receiver, and a `link` event on the stream), however
 * many times the background check runs; a link that has not expired gets none.
 */
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(STORE_SERVERS)('link.expired on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  receiverSuite(start, { OUTBOUND_ALLOW_PRIVATE: '1' }, (p) => ({ server, receiver } = p));

  async function createLink(options: Record<string, unknown>) {
    const answer = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/', ...options },
    });
    expect(answer.status).toBe(201);
    return answer.body as { id: number; short_code: string };
  }

  async function visit(shortCode: string): Promise<number> {
    const answer = await fetch(`${server.url}/${shortCode}`, {
      redirect: 'manual',
      headers: { 'User-Agent': BROWSER },
    });
    await answer.arrayBuffer();
    return answer.status;
  }

  it('once per link, for a click limit reached and an expiry date passed, on webhooks and the stream', async () => {
    const hook = await call(server, 'POST', '/api/webhooks', {
      headers: admin(),
      body: { url: receiver.url, events: ['link.expired'] },
    });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
    const ticket = await call(server, 'POST', '/api/stream/ticket', { headers: admin() });
    const source = new EventSource(`${server.url}/api/stream?ticket=${ticket.body.ticket}`);
    // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
    const streamed: any[] = [];
    source.addEventListener('link', (event) => streamed.push(JSON.parse(event.data)));
    await new Promise<void>((resolve) => {
      source.onopen = () => resolve();
    });

    const limited = await createLink({ max_clicks: 2 });
    const dated = await createLink({ expires_at: new Date(Date.now() + 1500).toISOString() });
    const lasting = await createLink({ max_clicks: 5, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await visit(limited.short_code)).toBe(302);
    await server.app.services.events.expiry.check();
    expect(await visit(limited.short_code)).toBe(302);
    expect(await visit(lasting.short_code)).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Checks running at once, and again later, still record each link once.
    await Promise.all([server.app.services.events.expiry.check(), server.app.services.events.expiry.check()]);
    await server.app.services.events.expiry.check();

    await waitFor(() => receiver.received.length >= 2, 5000, 'two link.expired messages');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.map((message) => [message.type, message.data.id]).sort()).toEqual(
      [
        ['link.expired', limited.id],
        ['link.expired', dated.id],
      ].sort(),
    );
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    expect(receiver.received.find((message) => message.data.id === limited.id)?.data).toMatchObject({
      short_code: limited.short_code,
      max_clicks: 2,
    });
    // Recorded once across instances too: the claim is taken, and the links are no longer due.
    expect(await server.store.events.expiry.claim(limited.id, Date.now())).toBe(false);
    expect(await server.store.events.expiry.due(Date.now(), 100)).toEqual([]);
    const expiredOnStream = streamed.filter((event) => event.action === 'expired').map((event) => event.link.id);
    expect(expiredOnStream.sort()).toEqual([limited.id, dated.id].sort());
    source.close();
  });
});
