/**
 * A webhook's `link.clicked` message is stored as its range of clicks, on both stores
 * (docs/api.md#delivery): its body is not kept; a retry and a redelivery make it again from the
 * stored clicks, byte for byte the body of its first attempt; and a pending message holding clicks
 * of a link that is then deleted still carries them, ahead of the link's `link.deleted`, also when
 * its webhook was turned off meanwhile and is turned on again.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(STORE_SERVERS)('click messages stored as ranges on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  receiverSuite(
    start,
    { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: Array(7).fill(300).join(',') },
    (p) => ({ server, receiver } = p),
  );

  /** A webhook of these events (its earlier ones of the suite turned off), a link, and `clicks` clicks on it. */
  async function clickedLink(events: string[], clicks: number) {
    for (const old of (await call(server, 'GET', '/api/webhooks', { headers: admin() })).body.webhooks) {
      await call(server, 'PUT', `/api/webhooks?id=${old.id}`, { headers: admin(), body: { active: false } });
    }
    const hook = await call(server, 'POST', '/api/webhooks', { headers: admin(), body: { url: receiver.url, events } });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
    const link = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/r' },
    });
    expect(link.status).toBe(201);
    for (let i = 0; i < clicks; i++) {
      const answer = await fetch(`${server.url}/${link.body.short_code}`, {
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': `203.0.113.${i + 1}` },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
    }
    return { webhookId: hook.body.webhook.id as number, link: link.body as { id: number; short_code: string } };
  }

  /** The webhook's pending message once its first attempt failed: stored as a range, its body empty. */
  async function pendingRange(webhookId: number) {
    const hitsBefore = receiver.hits;
    await waitFor(() => receiver.hits > hitsBefore, 10_000, 'a first attempt');
    // The failed attempt is settled just after its answer.
    const failed = async () => {
      const message = await server.store.events.outbox.next(webhookId);
      return message && message.attempt >= 1 ? message : undefined;
    };
    await waitFor(async () => (await failed()) !== undefined, 10_000, 'the attempt settled');
    const message = (await failed())!;
    expect(message).toMatchObject({ type: 'link.clicked', state: 'pending' });
    expect(message.clicks_through).not.toBeNull();
    expect(Buffer.byteLength(message.body)).toBe(0);
    return { message, firstBody: receiver.bodies[hitsBefore]! };
  }

  it('sends a retry and a redelivery byte for byte as the first attempt, the body not stored', async () => {
    receiver.mode = 'down';
    const { webhookId } = await clickedLink(['link.clicked'], 3);
    const { message, firstBody } = await pendingRange(webhookId);
    expect(JSON.parse(firstBody).data.clicks).toHaveLength(3);

    receiver.mode = 'up';
    await waitFor(() => receiver.received.some((got) => got.id === message.message_id), 10_000, 'the retry');
    const retried = receiver.received.filter((got) => got.id === message.message_id);
    expect(retried).toHaveLength(1);
    expect(retried[0]!.verified).toBe(true);
    expect(receiver.bodies.at(-1)).toBe(firstBody);

    const hitsBefore = receiver.hits;
    const again = await call(server, 'POST', `/api/webhooks/redeliver?id=${webhookId}&message=${message.message_id}`, {
      headers: admin(),
    });
    expect(again.status).toBe(202);
    await waitFor(() => receiver.hits > hitsBefore, 10_000, 'the redelivery');
    expect(receiver.bodies[hitsBefore]).toBe(firstBody);
    expect(receiver.received.at(-1)).toMatchObject({ id: message.message_id, verified: true });
  });

  it("delivers a pending message's clicks of a link deleted meanwhile, ahead of its link.deleted", async () => {
    receiver.mode = 'down';
    const { webhookId, link } = await clickedLink(['link.clicked', 'link.deleted'], 3);
    const { message } = await pendingRange(webhookId);
    const deleted = await call(server, 'DELETE', `/api/links?id=${link.id}`, { headers: admin() });
    expect(deleted.status).toBeLessThan(300);

    receiver.mode = 'up';
    const deletion = () => receiver.received.findIndex((got) => got.type === 'link.deleted' && got.data.id === link.id);
    await waitFor(() => deletion() >= 0, 15_000, 'link.deleted');
    const clicked = receiver.received.findIndex((got) => got.id === message.message_id);
    expect(clicked).toBeGreaterThanOrEqual(0);
    expect(clicked).toBeLessThan(deletion());
    const clicks = receiver.received[clicked]!.data.clicks as { link_id: number }[];
    expect(clicks.map((click) => click.link_id)).toEqual([link.id, link.id, link.id]);
  });

  it("keeps a deleted link's clicks in a turned-off webhook's waiting message, for when it is on again", async () => {
    receiver.mode = 'down';
    const { webhookId, link } = await clickedLink(['link.clicked'], 3);
    const { message } = await pendingRange(webhookId);
    const off = await call(server, 'PUT', `/api/webhooks?id=${webhookId}`, {
      headers: admin(),
      body: { active: false },
    });
    expect(off.status).toBe(200);
    const deleted = await call(server, 'DELETE', `/api/links?id=${link.id}`, { headers: admin() });
    expect(deleted.status).toBeLessThan(300);

    receiver.mode = 'up';
    const on = await call(server, 'PUT', `/api/webhooks?id=${webhookId}`, { headers: admin(), body: { active: true } });
    expect(on.status).toBe(200);
    await waitFor(() => receiver.received.some((got) => got.id === message.message_id), 15_000, 'the waiting message');
    const got = receiver.received.find((one) => one.id === message.message_id)!;
    expect((got.data.clicks as { link_id: number }[]).map((click) => click.link_id)).toEqual([
      link.id,
      link.id,
      link.id,
    ]);
  });
});
