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
import { createEventStorage } from '../../../../redirector/storage/repositories/eventStorage';
import type { Store } from '../../../../redirector/storage/store';
import { closeNow } from '../../../helpers/closeNow';
import { countedExecutor } from '../../../helpers/countedExecutor';
import { waitFor } from '../../../helpers/webhookReceiver';
import { newClick, newLink, openForEachTest, STORE_KINDS } from '../storage/storeKinds';

const CLICKS = 250;

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

describe.each(STORE_KINDS)('a busy webhook ($kind)', ({ kind }) => {
  let store: Store;
  openForEachTest(STORE_KINDS.find((each) => each.kind === kind)!, (opened) => {
    store = opened;
  });

  it('stores the message after a full one in the commit that settles it: one commit a message', async () => {
    const link = await store.links.create(newLink());
    await store.clicks.insertMany(Array.from({ length: CLICKS }, (_, i) => newClick(link.id, 1_700_000_000_000 + i)));
    const receiver = await startReceiver();
    const webhook = await store.events.webhooks.create(
      systemScope(),
      {
        url: receiver.url,
        events: ['link.clicked'],
        description: '',
        secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
        created_at: Date.now(),
        click_cursor: 0,
      },
      10,
    );
    if (webhook === 'limit') throw new Error('no webhook');
    const counted = countedExecutor(store);
    const rows = await counted.executor.all<{ id: number }>('SELECT id FROM clicks ORDER BY id');
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(CLICKS);
    const outcomes: MessageOutcome[] = [];
    const worker = createWebhookWorker({
      storage: createEventStorage(counted.executor),
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
    });
    try {
      worker.start();
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
