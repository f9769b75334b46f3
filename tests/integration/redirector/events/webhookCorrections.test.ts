/**
 * Where §16's webhooks once differed from docs/api.md#webhooks, on both stores: an attempt that
 * timed out is retried on the schedule, its wait counted from the timeout (not from the attempt's
 * start, which made the first retry come at once); `redeliver` takes any message_id the delivery
 * log shows, a `webhook.test` message's included; the click that uses up `max_clicks` sends
 * `link.expired` at once (the check every 15 s once made it wait up to that long); the clicks a
 * link had when it was deleted arrive before its `link.deleted` (they once went with the link),
 * carrying the webhook's team as its other click messages do (they once carried the link's);
 * and on SQLite the ids of the newest clicks, deleted with their link, are given to no later click
 * (they once were, and the webhook, past them, never sent those clicks).
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, createLink, newUser } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

/** The test's retry schedule: every retry about 3 s (±20 %) after the failed attempt. */
const RETRY_MS = 3000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.each(STORE_SERVERS)('webhook corrections on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  receiverSuite(
    start,
    { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: Array(7).fill(RETRY_MS).join(',') },
    (p) => ({ server, receiver } = p),
  );

  async function webhook(events: string[]): Promise<number> {
    const answer = await call(server, 'POST', '/api/webhooks', {
      headers: admin(),
      body: { url: receiver.url, events, description: 'corrections' },
    });
    expect(answer.status).toBe(201);
    receiver.secret = answer.body.secret;
    return answer.body.webhook.id;
  }

  const deliveries = async (id: number) =>
    (await call(server, 'GET', `/api/webhooks/deliveries?id=${id}`, { headers: admin() })).body.deliveries as {
      message_id: string;
      type: string;
      attempt: number;
      error: string | null;
      at: string;
    }[];

  it('redelivers a webhook.test message by the message_id the delivery log shows', async () => {
    receiver.mode = 'up';
    const id = await webhook(['link.updated']);
    const test = await call(server, 'POST', `/api/webhooks/test?id=${id}`, { headers: admin() });
    expect(test.status).toBe(200);
    const [logged] = await deliveries(id);
    expect(logged).toMatchObject({ type: 'webhook.test', message_id: test.body.message_id });
    const before = receiver.received.length;
    const again = await call(server, 'POST', `/api/webhooks/redeliver?id=${id}&message=${logged!.message_id}`, {
      headers: admin(),
    });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ message_id: logged!.message_id });
    await waitFor(() => receiver.received.length > before, 15_000, 'the redelivered test');
    expect(receiver.received.at(-1)).toMatchObject({ id: logged!.message_id, type: 'webhook.test', verified: true });
  });

  it('retries a timed-out attempt about one retry wait after the timeout, not at once', {
    timeout: 60_000,
  }, async () => {
    receiver.mode = 'hang';
    const id = await webhook(['link.created']);
    const link = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/' },
    });
    expect(link.status).toBe(201);
    await waitFor(async () => (await deliveries(id)).length >= 2, 40_000, 'a retry after the timeout', 200);
    receiver.mode = 'up';
    const [second, first] = await deliveries(id);
    expect(first).toMatchObject({ attempt: 1, type: 'link.created' });
    expect(first!.error).toMatch(/10 s/);
    expect(second).toMatchObject({ attempt: 2, message_id: first!.message_id });
    // The first attempt took its 10 s; the retry waited at least 80 % of its wait after that.
    const gap = Date.parse(second!.at) - Date.parse(first!.at);
    expect(gap).toBeGreaterThanOrEqual(10_000 + RETRY_MS * 0.8);
  });

  it('sends link.expired right after the click that used up max_clicks', async () => {
    receiver.mode = 'up';
    await webhook(['link.expired']);
    const link = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/limited', max_clicks: 2 },
    });
    expect(link.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${server.url}/${link.body.short_code}`, { redirect: 'manual' });
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
    }
    // Well within the 15 s between the background checks.
    await waitFor(
      () => receiver.received.some((message) => message.type === 'link.expired' && message.data.id === link.body.id),
      5_000,
      'link.expired',
    );
  });

  it('delivers the clicks made before a deletion ahead of link.deleted', async () => {
    receiver.mode = 'up';
    await webhook(['link.clicked', 'link.deleted']);
    const link = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/gone' },
    });
    expect(link.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${server.url}/${link.body.short_code}`, {
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
    }
    const deleted = await call(server, 'DELETE', `/api/links?id=${link.body.id}`, { headers: admin() });
    expect(deleted.status).toBeLessThan(300);
    const mine = () =>
      receiver.received.filter(
        (message) =>
          (message.type === 'link.deleted' && message.data.id === link.body.id) ||
          (message.type === 'link.clicked' &&
            message.data.clicks.some((click: { link_id: number }) => click.link_id === link.body.id)),
      );
    await waitFor(() => mine().some((message) => message.type === 'link.deleted'), 15_000, 'link.deleted');
    const order = mine().map((message) => message.type);
    expect(order.at(-1)).toBe('link.deleted');
    const clicks = mine()
      .filter((message) => message.type === 'link.clicked')
      .flatMap((message) => message.data.clicks.filter((click: { link_id: number }) => click.link_id === link.body.id));
    expect(clicks).toHaveLength(3);
  });

  it("sends a deleted link's waiting clicks to the administrator's webhook with its team_id (null)", async () => {
    // The earlier tests' webhooks, which hear every link too, are removed: only this one's messages come.
    for (const old of (await call(server, 'GET', '/api/webhooks', { headers: admin() })).body.webhooks)
      await call(server, 'DELETE', `/api/webhooks?id=${old.id}`, { headers: admin() });
    receiver.mode = 'down';
    await webhook(['link.created', 'link.clicked', 'link.deleted']);
    const user = await newUser(server, 'Dora Deleter');
    const link = (await createLink(server, bearer(user.token), { target_url: 'https://example.com/team' })).body.link;
    // The failed link.created waits for its retry: the clicks wait in the table, taken by the deletion.
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${server.url}/${link.short_code}`, {
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER },
      });
      await answer.arrayBuffer();
    }
    const deleted = await call(server, 'DELETE', `/api/links/delete?linkId=${link.id}`, {
      headers: bearer(user.token),
    });
    expect(deleted.status).toBe(200);
    receiver.mode = 'up';
    const about = (type: string) =>
      receiver.received.filter(
        (message) =>
          message.type === type &&
          (type === 'link.clicked'
            ? message.data.clicks.some((click: { link_id: number }) => click.link_id === link.id)
            : message.data.id === link.id),
      );
    await waitFor(() => about('link.deleted').length > 0, 15_000, 'link.deleted');
    expect(about('link.created').map((message) => message.team_id)).toEqual([link.team_id]);
    expect(about('link.clicked').map((message) => [message.team_id, message.data.clicks.length])).toEqual([[null, 2]]);
  });

  it('gives the ids of the newest clicks, deleted with their link, to no later click, which reaches the webhook', async () => {
    receiver.mode = 'up';
    await webhook(['link.clicked', 'link.deleted']);
    const newLink = async (name: string) => {
      const link = await call(server, 'POST', '/api/links', {
        headers: admin(),
        body: { target_url: `https://example.com/${name}` },
      });
      expect(link.status).toBe(201);
      return link.body as { id: number; short_code: string };
    };
    const gone = await newLink('gone');
    const kept = await newLink('kept');
    const visit = async (code: string) => {
      const answer = await fetch(`${server.url}/${code}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER } });
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
    };
    const clicksOf = (linkId: number) =>
      receiver.received
        .filter((message) => message.type === 'link.clicked')
        .flatMap((message) => message.data.clicks as { id: number; link_id: number }[])
        .filter((click) => click.link_id === linkId);
    for (let i = 0; i < 2; i++) await visit(gone.short_code);
    await waitFor(() => clicksOf(gone.id).length >= 2, 15_000, "the deleted link's clicks");
    expect((await call(server, 'DELETE', `/api/links?id=${gone.id}`, { headers: admin() })).status).toBeLessThan(300);
    await waitFor(
      () => receiver.received.some((message) => message.type === 'link.deleted' && message.data.id === gone.id),
      15_000,
      'link.deleted',
    );
    for (let i = 0; i < 3; i++) await visit(kept.short_code);
    // On SQLite they once took the deleted clicks' ids, which the webhook had passed: two of them never came.
    await waitFor(() => new Set(clicksOf(kept.id).map((click) => click.id)).size >= 3, 15_000, 'the later clicks');
    const highestGone = Math.max(...clicksOf(gone.id).map((click) => click.id));
    for (const click of clicksOf(kept.id)) expect(click.id).toBeGreaterThan(highestGone);
  });
});
