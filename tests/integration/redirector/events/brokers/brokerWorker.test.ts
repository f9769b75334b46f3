/**
 * A busy broker's click messages (redirector/events/brokers/brokerWorker.ts,
 * docs/api.md#events-into-a-broker), on both stores, published to the real Redis on loopback: the
 * messages one run makes from the clicks are stored in one commit, not one each. What arrives
 * (every click once, in order, 100 a message) is as before. The worker runs over the store's own
 * database through an executor that counts the transactions it is asked for.
 */
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { BrokerConfig } from '../../../../../redirector/events/brokers/brokerConfig';
import { createBrokerWorker } from '../../../../../redirector/events/brokers/brokerWorker';
import { createClickTexts } from '../../../../../redirector/events/clickTexts';
import { createEventStorage } from '../../../../../redirector/storage/repositories/eventStorage';
import type { Store } from '../../../../../redirector/storage/store';
import { startBrokerConsumer } from '../../../../helpers/brokerConsumers';
import { expectKickedPastCatchUpRoom } from '../../../../helpers/clicksPastCatchUp';
import { countedExecutor } from '../../../../helpers/countedExecutor';
import { startTcpProxy } from '../../../../helpers/tcpProxy';
import { waitFor } from '../../../../helpers/webhookReceiver';
import { newClick, newLink, openForEachTest, STORE_KINDS, sqliteKind } from '../../storage/storeKinds';

const CLICKS = 250;

type Consumer = Awaited<ReturnType<typeof startBrokerConsumer>>;

/** The worker's connection to the consumer's Redis stream. */
const redisConfig = (consumer: Consumer): BrokerConfig => ({
  kind: 'redis',
  url: consumer.url(6379),
  safeName: 'redis://127.0.0.1:6379',
  topic: consumer.topic,
  stream: consumer.stream,
});

/** A worker over the store's own events; a problem of its loop fails the test. */
function workerOn(store: Store, config: BrokerConfig, tickMs?: number) {
  return createBrokerWorker({
    config,
    outbox: store.events.brokerOutbox,
    feed: store.events.feed,
    engine: store.kind,
    clock: Date.now,
    metrics: { messages: () => undefined },
    texts: createClickTexts(),
    say: () => undefined,
    log: (message, error) => {
      throw new Error(`${message}: ${String(error)}`);
    },
    tickMs,
  });
}

/** The ids of the clicks the consumer received, in order. */
async function receivedClicks(consumer: Consumer): Promise<number[]> {
  return (await consumer.events()).flatMap((event) =>
    (event.data as { clicks: { id: number }[] }).clicks.map((click) => click.id),
  );
}

describe.each(STORE_KINDS)('a busy broker ($kind)', ({ kind }) => {
  let store: Store;
  openForEachTest(STORE_KINDS.find((each) => each.kind === kind)!, (opened) => {
    store = opened;
  });

  it('stores the messages a run makes from the clicks in one commit', { timeout: 30_000 }, async () => {
    const link = await store.links.create(newLink());
    const consumer = await startBrokerConsumer('redis');
    const counted = countedExecutor(store);
    const storage = createEventStorage(counted.executor);
    // The broker hears the clicks stored after its state row is made: made before the clicks.
    expect(await storage.brokerOutbox.cursor(async () => 0)).toBe(0);
    await store.clicks.insertMany(Array.from({ length: CLICKS }, (_, i) => newClick(link.id, 1_700_000_000_000 + i)));
    const ids = (await counted.executor.all<{ id: number }>('SELECT id FROM clicks ORDER BY id')).map((row) =>
      Number(row.id),
    );
    expect(ids).toHaveLength(CLICKS);
    const published: number[] = [];
    const worker = createBrokerWorker({
      config: redisConfig(consumer),
      outbox: storage.brokerOutbox,
      feed: storage.feed,
      engine: store.kind,
      clock: Date.now,
      metrics: { messages: (outcome, count) => outcome === 'published' && published.push(count) },
      texts: createClickTexts(),
      say: () => undefined,
      log: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
    });
    try {
      worker.start();
      await waitFor(async () => (await consumer.events()).length >= 3, 20_000, 'three messages');
    } finally {
      await worker.stop();
    }
    const events = await consumer.events();
    await consumer.close();
    // Every click once, in order, 100 a message, published together.
    const clicks = events.map((event) => (event.data as { clicks: { id: number }[] }).clicks.map((click) => click.id));
    expect(clicks.map((each) => each.length)).toEqual([100, 100, 50]);
    expect(clicks.flat()).toEqual(ids);
    expect(published).toEqual([3]);
    expect(await storage.brokerOutbox.backlog()).toBe(0);
    // The three messages stored in one commit (one each before: 3).
    expect(counted.transactions()).toBe(1);
  });
});

/**
 * On SQLite (whose click writer feeds the window of recent clicks; PostgreSQL has none): a broker that
 * published every click waits for its next run, and meanwhile clicks coming fast could pass the
 * window. Each time CATCH_UP_ROOM more click ids were stored, it is kicked (events/clickCatchUp.ts).
 * Its wait here is ten minutes, so only the kick can publish the new clicks within the test.
 */
describe('a broker that published every click, as clicks come fast (sqlite)', () => {
  let store: Store;
  openForEachTest(sqliteKind, (opened) => {
    store = opened;
  });

  it('is kicked each time CATCH_UP_ROOM more click ids were stored, not left for its next run', {
    timeout: 60_000,
  }, async () => {
    const link = await store.links.create(newLink());
    const consumer = await startBrokerConsumer('redis');
    expect(await store.events.brokerOutbox.cursor(async () => 0)).toBe(0);
    await store.clicks.insertMany([newClick(link.id, 1_700_000_000_000)]);
    const worker = workerOn(store, redisConfig(consumer), 10 * 60_000);
    try {
      worker.start();
      // The first run publishes the one click; the next is ten minutes away.
      await waitFor(async () => (await receivedClicks(consumer)).length === 1, 10_000, 'the first click');
      await expectKickedPastCatchUpRoom(store, link.id, 1, () => receivedClicks(consumer));
    } finally {
      await worker.stop();
    }
    const received = await receivedClicks(consumer);
    await consumer.close();
    const rows = await countedExecutor(store).executor.all<{ id: number }>('SELECT id FROM clicks ORDER BY id');
    expect(received).toEqual(rows.map((row) => Number(row.id)));
  });
});

/**
 * While the broker is away, a kick (a new event, clicks coming fast) waits for the backoff like the
 * rest (brokerWorker.ts kick): the worker's next attempt comes a backoff (1 s) after the one that
 * failed, however often it is kicked meanwhile. The broker here is a loopback port that closes every
 * connection it accepts.
 */
describe.each(STORE_KINDS)('a broker that is away ($kind)', ({ kind }) => {
  let store: Store;
  openForEachTest(STORE_KINDS.find((each) => each.kind === kind)!, (opened) => {
    store = opened;
  });

  it('is tried again after its backoff, not at each kick', { timeout: 30_000 }, async () => {
    const attempts: number[] = [];
    const away = net.createServer((socket) => {
      attempts.push(Date.now());
      socket.destroy();
    });
    await new Promise<void>((resolve) => away.listen(0, '127.0.0.1', resolve));
    const url = `redis://127.0.0.1:${(away.address() as AddressInfo).port}`;
    const link = await store.links.create(newLink());
    expect(await store.events.brokerOutbox.cursor(async () => 0)).toBe(0);
    await store.clicks.insertMany([newClick(link.id, 1_700_000_000_000)]);
    const worker = workerOn(store, { kind: 'redis', url, safeName: url, topic: 'me.events', stream: 'ME_EVENTS' });
    try {
      worker.start();
      await waitFor(() => !worker.isUp(), 10_000, 'the first attempt to fail');
      // Kicked every 20 ms for half a second while it waits.
      for (let i = 0; i < 25; i++) {
        worker.kick();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitFor(() => attempts.length >= 2, 10_000, 'the attempt after the backoff');
    } finally {
      await worker.stop();
      away.close();
    }
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
  });
});

/**
 * Two instances (two workers over one outbox): the one whose connection to the broker was cut saw
 * it go away, and the other published the backlog meanwhile. Once the broker is reachable again
 * the first says so (/healthz's `broker`, me_broker_up), though nothing is left for it to publish:
 * with nothing to publish it still connects again after each backoff while it saw the broker away.
 */
describe.each(STORE_KINDS)('a broker back after another instance published the backlog ($kind)', ({ kind }) => {
  let store: Store;
  openForEachTest(STORE_KINDS.find((each) => each.kind === kind)!, (opened) => {
    store = opened;
  });

  it('is reachable again for the instance that saw it go', { timeout: 40_000 }, async () => {
    const consumer = await startBrokerConsumer('redis');
    const proxy = await startTcpProxy(6379);
    proxy.cut();
    const link = await store.links.create(newLink());
    expect(await store.events.brokerOutbox.cursor(async () => 0)).toBe(0);
    await store.clicks.insertMany([newClick(link.id, 1_700_000_000_000)]);
    const cutAway = workerOn(store, { ...redisConfig(consumer), url: consumer.url(proxy.port) });
    const other = workerOn(store, redisConfig(consumer));
    try {
      cutAway.start();
      await waitFor(() => !cutAway.isUp(), 10_000, 'the cut instance to see the broker away');
      other.start();
      await waitFor(async () => (await receivedClicks(consumer)).length === 1, 10_000, 'the other to publish');
      expect(await store.events.brokerOutbox.backlog()).toBe(0);
      proxy.restore();
      await waitFor(() => cutAway.isUp(), 20_000, 'the cut instance to see the broker back');
    } finally {
      await cutAway.stop();
      await other.stop();
      await proxy.close();
      await consumer.close();
    }
  });
});
