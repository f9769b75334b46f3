/**
 * `kill -9` of the service while it delivers loses no webhook message, on both stores
 * (docs/api.md#webhooks): the BUILT server runs as a child process (`npm run build` first), is
 * killed while a delivery is under way, and started again on the same data; afterwards every link
 * event and every click has arrived, each signature verified with the standardwebhooks library,
 * and a message that arrived twice carried the same webhook-id and the same body. On PostgreSQL the
 * killed instance's lease holds deliveries back until it runs out; SQLite ends it at start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useSchemaOn } from '../../../helpers/postgres';
import { clickInTurn, type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { startReceiver, type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';

const LINKS = 6;
const CLICKS = 40;
/**
 * WEBHOOK_LEASE_MS (30 s in production). On PostgreSQL, short, so the test waits it out, yet longer
 * than a restart, so that its wait shows; on SQLite, longer than the test waits for every message.
 */
const LEASE_MS = { postgres: 5_000, sqlite: 120_000 };
/**
 * The lease is renewed before an attempt once a thirtieth of it has passed (167 ms of these 5 s): that
 * far at most before the attempt reached the receiver.
 */
const RENEWED_BEFORE_MS = 1_000;

async function api(server: ServerProcess, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  return { status: answer.status, body: (await answer.json()) as any };
}

describe.each(['sqlite', 'postgres'] as const)('webhooks through kill -9 on %s', { timeout: 120_000 }, (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('every message arrives after a restart (some twice, with the same webhook-id), each signature good', async () => {
    const receiver: WebhookReceiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const env: Record<string, string> = {
      OUTBOUND_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_MS: '200,200,200,200,200,200,200',
      WEBHOOK_LEASE_MS: String(LEASE_MS[kind]),
    };
    await useSchemaOn(kind, env, cleanups);
    const dataDir = makeTempDir('me-webhook-kill-');
    let server = await startServerProcess({ env, dataDir });
    cleanups.push(async () => {
      await server.stop();
    });

    const hook = await api(server, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['link.created', 'link.clicked'],
    });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
    // Each answer takes a while: the kill lands while a delivery is under way.
    receiver.delayMs = 400;
    const links: { id: number; short_code: string }[] = [];
    for (let i = 0; i < LINKS; i++) {
      const created = await api(server, 'POST', '/api/links', { target_url: `https://example.com/${i}` });
      expect(created.status).toBe(201);
      links.push(created.body);
    }
    await clickInTurn(server, links, CLICKS);
    await waitFor(() => receiver.hits >= 2 && receiver.hits > receiver.received.length, 10_000, 'a delivery under way');
    const underWayAt = receiver.arrivals.at(-1)!;
    await server.kill();
    const hitsBefore = receiver.hits;

    receiver.delayMs = 0;
    server = await startServerProcess({ env, dataDir, adminKey: server.adminKey });
    const clickIds = () =>
      new Set(
        receiver.received
          .filter((message) => message.type === 'link.clicked')
          .flatMap((message) => message.data.clicks.map((click: { id: number }) => click.id)),
      );
    const createdIds = () =>
      new Set(receiver.received.filter((message) => message.type === 'link.created').map((message) => message.data.id));
    // On PostgreSQL the killed instance's lease runs out first.
    await waitFor(() => createdIds().size === LINKS && clickIds().size === CLICKS, 60_000, 'every message');
    if (kind === 'postgres') {
      const heldBack = receiver.arrivals[hitsBefore]! - underWayAt;
      expect(heldBack).toBeGreaterThanOrEqual(LEASE_MS.postgres - RENEWED_BEFORE_MS);
    }

    expect([...createdIds()].sort()).toEqual(links.map((link) => link.id).sort());
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    const bodies = new Map<string, string>();
    for (const message of receiver.received) {
      const body = JSON.stringify([message.type, message.data]);
      expect(bodies.get(message.id) ?? body).toBe(body);
      bodies.set(message.id, body);
    }
    // Messages of one webhook arrive in order: link events in the order the links were made.
    const firstSeen = [...new Map(receiver.received.map((message) => [message.id, message])).values()];
    const createdOrder = firstSeen
      .filter((message) => message.type === 'link.created')
      .map((message) => message.data.id);
    expect(createdOrder).toEqual(links.map((link) => link.id));
  });
});
