/**
 * A busy webhook's click messages (redirector/events/webhookWorker.ts, docs/api.md#delivery), on
 * both stores: after a full message is delivered, the next one is stored in the commit that settles
 * it, so that each message costs one commit, not two. What arrives (every click once, in order, 100
 * a message), the outbox and the delivery log are as before. The worker runs over the store's own
 * database through an executor that counts the transactions it is asked for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../../../redirector/auth/scope';
import { createClickTexts } from '../../../../redirector/events/clickTexts';
import type { MessageOutcome } from '../../../../redirector/events/eventMetrics';
import { createWebhookWorker } from '../../../../redirector/events/webhookWorker';
import { createAccountConnections } from '../../../../redirector/outbound/accountConnections';
import { createEventStorage, type EventStorage } from '../../../../redirector/storage/repositories/eventStorage';
import type { Store } from '../../../../redirector/storage/store';
import { expectKickedPastCatchUpRoom } from '../../../helpers/clicksPastCatchUp';
import { closeNow } from '../../../helpers/closeNow';
import { countedExecutor } from '../../../helpers/countedExecutor';
import { waitFor } from '../../../helpers/webhookReceiver';
import { newClick, newLink, openForEachTest, STORE_KINDS, sqliteKind } from '../storage/storeKinds';

const CLICKS = 250;

/** The administrator's link.clicked webhook to the receiver, its cursor at the start. */
async function createWebhook(store: Store, url: string) {
  const webhook = await store.events.webhooks.create(
    systemScope(),
    {
      url,
      events: ['link.clicked'],
      description: '',
      secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      created_at: Date.now(),
      click_cursor: 0,
    },
    10,
  );
  if (webhook === 'limit') throw new Error('no webhook');
  return webhook;
}

/** A receiver on loopback answering 200, noting each message's id and its clicks' ids. */
async function startReceiver() {
  const messages: { id: string; clicks: number[] }[] = [];
  const server = http.createServer((request, answer) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { clicks: { id: number }[] } };
      messages.push({ id: String(request.headers['webhook-id']), clicks: body.data.clicks.map((click) => click.id) });
      answer.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, messages, server };
}

/** A worker over `storage`, its outcomes noted, any problem it logs thrown; started. */
function startWorker(store: Store, storage: EventStorage, outcomes: MessageOutcome[], tickMs?: number) {
  const worker = createWebhookWorker({
    storage,
    engine: store.kind,
    clock: Date.now,
    rules: { allowPrivate: true },
    retryDelaysMs: [5000],
    leaseMs: 30_000,
    metrics: { message: (outcome) => outcomes.push(outcome) },
    connections: createAccountConnections(),
    texts: createClickTexts(),
    log: (message, error) => {
      throw new Error(`${message}: ${String(error)}`);
    },
    tickMs,
  });
  worker.start();
  return worker;
}

describe.each(STORE_KINDS)('a busy webhook ($kind)', ({ kind }) => {
  let store: Store;
  openForEachTest(STORE_KINDS.find((each) => each.kind === kind)!, (opened) => {
    store = opened;
  });

  it('stores the message after a full one in the commit that settles it: one commit a message', async () => {
    const link = await store.links.create(newLink());
    await store.clicks.insertMany(Array.from({ length: CLICKS }, (_, i) => newClick(link.id, 1_700_000_000_000 + i)));
    const receiver = await startReceiver();
    const webhook = await createWebhook(store, receiver.url);
    const counted = countedExecutor(store);
    const rows = await counted.executor.all<{ id: number }>('SELECT id FROM clicks ORDER BY id');
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(CLICKS);
    const outcomes: MessageOutcome[] = [];
    const worker = startWorker(store, createEventStorage(counted.executor), outcomes);
    try {
      await waitFor(
        () => receiver.messages.flatMap((message) => message.clicks).length >= CLICKS,
        20_000,
        'every click',
      );
      await waitFor(() => outcomes.length === 3, 5_000, 'three deliveries');
    } finally {
      await worker.stop();
      closeNow(receiver.server);
    }
    // Every click once, in order, 100 a message.
    expect(receiver.messages.map((message) => message.clicks.length)).toEqual([100, 100, 50]);
    expect(receiver.messages.flatMap((message) => message.clicks)).toEqual(ids);
    expect(outcomes).toEqual(['delivered', 'delivered', 'delivered']);
    const log = await store.events.outbox.deliveries(webhook.id);
    expect(log.map((delivery) => [delivery.message_id, delivery.status]).reverse()).toEqual(
      receiver.messages.map((message) => [message.id, 200]),
    );
    expect(await store.events.outbox.backlog()).toBe(0);
    // The first message's storing, then one commit each: the second and third stored as the one
    // before them is settled, and the last settled alone (two a message before: 6).
    expect(counted.transactions()).toBe(4);
  });
});

/**
 * On SQLite (whose click writer feeds the window of recent clicks; PostgreSQL has none, and its
 * webhooks read the database whatever their pace): a webhook that took every click stored waits for
 * the next tick, and meanwhile clicks coming fast could pass the window. Each time CATCH_UP_ROOM more
 * click ids were stored, the worker is kicked (events/clickCatchUp.ts). Its tick here is ten minutes,
 * so only the kick can deliver the new clicks within the test.
 */
describe('a webhook that took every click, as clicks come fast (sqlite)', () => {
  let store: Store;
  openForEachTest(sqliteKind, (opened) => {
    store = opened;
  });

  it('is kicked each time CATCH_UP_ROOM more click ids were stored, not left for its tick', {
    timeout: 60_000,
  }, async () => {
    const link = await store.links.create(newLink());
    await store.clicks.insertMany([newClick(link.id, 1_700_000_000_000)]);
    const receiver = await startReceiver();
    await createWebhook(store, receiver.url);
    const outcomes: MessageOutcome[] = [];
    const worker = startWorker(store, store.events, outcomes, 10 * 60_000);
    const delivered = () => receiver.messages.flatMap((message) => message.clicks);
    try {
      // The first tick takes the one click and settles its message; the next is ten minutes away.
      await waitFor(() => outcomes.length === 1, 10_000, 'the first message');
      expect(delivered()).toHaveLength(1);
      await expectKickedPastCatchUpRoom(store, link.id, 1, delivered);
    } finally {
      await worker.stop();
      closeNow(receiver.server);
    }
    const rows = await countedExecutor(store).executor.all<{ id: number }>('SELECT id FROM clicks ORDER BY id');
    expect(delivered()).toEqual(rows.map((row) => Number(row.id)));
    expect(outcomes.every((outcome) => outcome === 'delivered')).toBe(true);
  });
});
