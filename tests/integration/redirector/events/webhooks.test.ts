/**
 * Webhooks end to end on both stores (docs/api.md#webhooks), with a real receiver on loopback
 * (OUTBOUND_ALLOW_PRIVATE=1) that verifies each signature with the standardwebhooks library; a bulk
 * change sends one event per link it changed (docs/api.md#bulk-changes).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adminScope } from '../../../../redirector/auth/scope';
import { adminHeaders, bearer, call, expectExportedTimes, newUser } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
const CLICK_FIELDS = [
  'browser',
  'city',
  'clicked_at',
  'country',
  'device_type',
  'domain',
  'id',
  'in_app',
  'link_id',
  'os',
  'referrer',
  'short_code',
];

async function visit(server: TestServer, shortCode: string, headers: Record<string, string> = {}): Promise<void> {
  const answer = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER, ...headers },
  });
  await answer.arrayBuffer();
  expect(answer.status).toBe(302);
}

describe.each(STORE_SERVERS)('webhooks on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => adminHeaders(server.adminKey);

  async function createLink(headers: Record<string, string>, target = 'https://example.com/') {
    const path = 'X-API-Key' in headers ? '/api/links' : '/api/links/create';
    const answer = await call(server, 'POST', path, { headers, body: { target_url: target } });
    expect(answer.status).toBe(201);
    return (answer.body.link ?? answer.body) as { id: number; short_code: string; team_id: number | null };
  }

  async function createWebhook(headers: Record<string, string>, events: string[], url = receiver.url) {
    const answer = await call(server, 'POST', '/api/webhooks', { headers, body: { url, events, description: 'test' } });
    expect(answer.status).toBe(201);
    receiver.secret = answer.body.secret;
    return answer.body as { webhook: { id: number }; secret: string };
  }

  receiverSuite(
    start,
    { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: '300,300,300,300,300,300,300' },
    (p) => ({ server, receiver } = p),
  );
  afterEach(async () => {
    for (const headers of [admin()]) {
      const list = await call(server, 'GET', '/api/webhooks', { headers });
      for (const hook of list.body.webhooks) await call(server, 'DELETE', `/api/webhooks?id=${hook.id}`, { headers });
    }
    receiver.received.length = 0;
    receiver.mode = 'up';
  });

  it('creates (the secret once), lists, changes and deletes; unknown events 400; 10 per account (409); owners apart', async () => {
    const created = await createWebhook(admin(), ['link.created', 'link.clicked']);
    expect(created.secret).toMatch(SECRET);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(created.webhook).sort()).toEqual(
      ['active', 'created_at', 'description', 'disabled_reason', 'events', 'id', 'last_delivery', 'url'].sort(),
    );
    const listed = await call(server, 'GET', '/api/webhooks', { headers: admin() });
    expect(listed.body.webhooks).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret.slice(6));
    const changed = await call(server, 'PUT', `/api/webhooks?id=${created.webhook.id}`, {
      headers: admin(),
      body: { active: false, events: ['link.deleted'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.webhook).toMatchObject({ active: false, events: ['link.deleted'] });
    const unknown = await call(server, 'POST', '/api/webhooks', {
      headers: admin(),
      body: { url: receiver.url, events: ['link.clicked', 'link.exploded'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('link.exploded');
    const badUrl = await call(server, 'PUT', `/api/webhooks?id=${created.webhook.id}`, {
      headers: admin(),
      body: { url: 'ftp://example.com/' },
    });
    expect(badUrl.status).toBe(400);

    const user = await newUser(server, 'Hooker');
    const other = await newUser(server, 'Other');
    for (let i = 0; i < 10; i++) await createWebhook(bearer(user.token), ['link.created']);
    const eleventh = await call(server, 'POST', '/api/webhooks', {
      headers: bearer(user.token),
      body: { url: receiver.url, events: ['link.created'] },
    });
    expect(eleventh.status).toBe(409);
    const mine = await call(server, 'GET', '/api/webhooks', { headers: bearer(user.token) });
    expect(mine.body.webhooks).toHaveLength(10);
    const theirs = await call(server, 'GET', '/api/webhooks', { headers: bearer(other.token) });
    expect(theirs.body.webhooks).toEqual([]);
    const stolen = await call(server, 'DELETE', `/api/webhooks?id=${mine.body.webhooks[0].id}`, {
      headers: bearer(other.token),
    });
    expect(stolen.status).toBe(404);
    const deleted = await call(server, 'DELETE', `/api/webhooks?id=${mine.body.webhooks[0].id}`, {
      headers: bearer(user.token),
    });
    expect(deleted.status).toBe(204);
    for (const hook of mine.body.webhooks.slice(1)) {
      await call(server, 'DELETE', `/api/webhooks?id=${hook.id}`, { headers: bearer(user.token) });
    }
    const gone = await call(server, 'DELETE', `/api/webhooks?id=${created.webhook.id}`, { headers: admin() });
    expect(gone.status).toBe(204);
  });

  it('sends one event per link a bulk change changes, none for a link it did not change', async () => {
    const user = await newUser(server, 'Bulk Hearer');
    await createWebhook(bearer(user.token), ['link.updated', 'link.deleted']);
    const links = [
      await createLink(bearer(user.token)),
      await createLink(bearer(user.token)),
      await createLink(bearer(user.token)),
    ];
    const ids = links.map((link) => link.id);
    const bulk = (body: unknown) => call(server, 'POST', '/api/links/bulk', { headers: bearer(user.token), body });
    const archived = await bulk({ ids: [...ids, 999_999], action: 'archive' });
    expect(archived.body).toEqual({ done: 3, failed: [{ id: 999_999, error: 'Link not found' }] });
    const deleted = await bulk({ ids: ids.slice(0, 2), action: 'delete' });
    expect(deleted.body).toEqual({ done: 2, failed: [] });
    await waitFor(() => receiver.received.length >= 5, 10_000, 'five link events');
    const heard = (type: string) =>
      receiver.received
        .filter((message) => message.type === type)
        .map((message) => message.data.id)
        .sort((a, b) => a - b);
    expect(heard('link.updated')).toEqual(ids);
    expect(receiver.received.filter((m) => m.type === 'link.updated').every((m) => m.data.archived)).toBe(true);
    expect(heard('link.deleted')).toEqual(ids.slice(0, 2));
    // Archiving again changes nothing: no event (the next delivery is the delete's, already heard).
    expect((await bulk({ filter: { archived: 'all' }, action: 'archive' })).body).toEqual({ done: 0, failed: [] });
    await bulk({ ids: [ids[2]], action: 'delete' });
    await waitFor(() => receiver.received.length >= 6, 10_000, 'the last delete');
    expect(receiver.received.map((message) => message.type).filter((type) => type === 'link.updated')).toHaveLength(3);
  });

  it('signs link events; a user hears only their own links; a test message; the delivery log', async () => {
    const user = await newUser(server, 'Owner');
    const hook = await createWebhook(bearer(user.token), ['link.created', 'link.updated', 'link.deleted']);
    await createLink(admin()); // the administrator's link: not this user's news
    const link = await createLink(bearer(user.token));
    const renamed = await call(server, 'PUT', `/api/links/update?linkId=${link.id}`, {
      headers: bearer(user.token),
      body: { title: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    const deleted = await call(server, 'DELETE', `/api/links/delete?linkId=${link.id}`, {
      headers: bearer(user.token),
    });
    expect(deleted.status).toBeLessThan(300);
    await waitFor(() => receiver.received.length >= 3, 10_000, 'three link events');
    expect(receiver.received.map((message) => message.type)).toEqual(['link.created', 'link.updated', 'link.deleted']);
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    expect(receiver.received.map((message) => message.data.id)).toEqual([link.id, link.id, link.id]);
    expect(receiver.received[1]!.data.title).toBe('Renamed');
    // Beside type: the link's team and who changed it (docs/api.md#events).
    const actor = { type: 'user', id: user.user.id, name: 'Owner' };
    expect(receiver.received.map(({ team_id, actor }) => ({ team_id, actor }))).toEqual(
      new Array(3).fill({ team_id: link.team_id, actor }),
    );

    const test = await call(server, 'POST', `/api/webhooks/test?id=${hook.webhook.id}`, {
      headers: bearer(user.token),
    });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ status: 200, error: null });
    expect(receiver.received.at(-1)).toMatchObject({ type: 'webhook.test', verified: true, id: test.body.message_id });
    const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${hook.webhook.id}`, {
      headers: bearer(user.token),
    });
    expect(log.body.deliveries).toHaveLength(4);
    expect(Object.keys(log.body.deliveries[0]).sort()).toEqual(
      ['at', 'attempt', 'duration_ms', 'error', 'id', 'message_id', 'status', 'type'].sort(),
    );
    expect(log.body.deliveries[0].type).toBe('webhook.test');

    const first = receiver.received[0]!;
    const again = await call(server, 'POST', `/api/webhooks/redeliver?id=${hook.webhook.id}&message=${first.id}`, {
      headers: bearer(user.token),
    });
    expect(again.status).toBe(202);
    await waitFor(() => receiver.received.length >= 5, 10_000, 'the redelivery');
    expect(receiver.received.at(-1)).toMatchObject({ id: first.id, type: 'link.created', verified: true });
  });

  it('a receiver down for a while, then back, gets every click once per webhook-id, in order, and never a bot', async () => {
    const hook = await createWebhook(admin(), ['link.clicked']);
    const link = await createLink(admin());
    receiver.mode = 'down';
    for (let i = 0; i < 5; i++) await visit(server, link.short_code, { 'X-Forwarded-For': `203.0.113.${i}` });
    await fetch(`${server.url}/${link.short_code}`, { redirect: 'manual', headers: { 'User-Agent': 'Googlebot/2.1' } });
    // The clicks go in batches: wait until some attempts were refused.
    await waitFor(
      async () => {
        const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${hook.webhook.id}`, { headers: admin() });
        return log.body.deliveries.length >= 2;
      },
      10_000,
      'failed attempts',
    );
    for (let i = 5; i < 8; i++) await visit(server, link.short_code);
    receiver.mode = 'up';
    await waitFor(
      () => receiver.received.flatMap((message) => message.data.clicks).length >= 8,
      15_000,
      'eight clicks',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const byId = new Map(receiver.received.map((message) => [message.id, message]));
    const clicks = [...byId.values()].flatMap((message) => message.data.clicks);
    expect(clicks).toHaveLength(8);
    expect(receiver.received.every((message) => message.verified && message.type === 'link.clicked')).toBe(true);
    const ids = clicks.map((click) => click.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Object.keys(clicks[0]).sort()).toEqual(CLICK_FIELDS);
    // A link on the default domain has domain null, and so do its clicks (docs/api.md#webhooks).
    expect(clicks[0]).toMatchObject({ link_id: link.id, short_code: link.short_code, in_app: false, domain: null });
    expect(JSON.stringify(clicks)).not.toContain('203.0.113.');
    // clicked_at is the stored click's epoch milliseconds, on retried messages too (docs/api.md#events).
    await expectExportedTimes(server, clicks);
    const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${hook.webhook.id}`, { headers: admin() });
    const failed = log.body.deliveries.filter((delivery: { status: number }) => delivery.status === 503);
    expect(failed.length).toBeGreaterThan(0);
    // Retries keep the webhook-id of the message they retry.
    expect(new Set(failed.map((delivery: { message_id: string }) => delivery.message_id)).size).toBeLessThanOrEqual(
      byId.size,
    );
  });
});

describe.each(STORE_SERVERS)('outbound address rules on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  receiverSuite(start, {}, (p) => ({ server, receiver } = p));

  it('refuses a private destination at creation and at delivery', async () => {
    const headers = adminHeaders(server.adminKey);
    for (const url of [
      receiver.url,
      'http://localhost/hook',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://100.64.0.1/',
    ]) {
      const answer = await call(server, 'POST', '/api/webhooks', { headers, body: { url, events: ['link.created'] } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error).toContain('private');
    }
    const created = await call(server, 'POST', '/api/webhooks', {
      headers,
      body: { url: 'http://93.184.215.14/hook', events: ['link.created'] },
    });
    expect(created.status).toBe(201);
    // As if the name now resolved to loopback (DNS rebinding): the delivery must refuse it.
    const port = new URL(receiver.url).port;
    await server.store.events.webhooks.update(created.body.webhook.id, adminScope('sign-in'), {
      url: `http://localhost:${port}/hook`,
    });
    await call(server, 'POST', '/api/links', { headers, body: { target_url: 'https://example.com/' } });
    await waitFor(
      async () => {
        const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${created.body.webhook.id}`, { headers });
        return log.body.deliveries.length >= 1;
      },
      10_000,
      'an attempt',
    );
    const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${created.body.webhook.id}`, { headers });
    expect(log.body.deliveries[0]).toMatchObject({ status: null });
    expect(log.body.deliveries[0].error).toContain('private');
    expect(receiver.hits).toBe(0);
  });
});
