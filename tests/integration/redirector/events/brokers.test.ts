/**
 * EVENTS_BROKER_URL end to end on both stores, against the real RabbitMQ, NATS JetStream, Redis
 * and Mosquitto on loopback (docs/api.md#events-into-a-broker). The service reaches the broker
 * through a TCP proxy of the test's own, so the broker can be cut away mid-run without stopping
 * the shared service; each test publishes under a topic (and a stream) of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, call, expectExportedTimes } from '../../../helpers/api';
import {
  BROKER_KINDS,
  BROKER_PORTS,
  type BrokerConsumer,
  type BrokerEventSeen,
  startBrokerConsumer,
} from '../../../helpers/brokerConsumers';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { startTcpProxy, type TcpProxy } from '../../../helpers/tcpProxy';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** Every click id the link.clicked events carry, in the order they came (a copy counted again). */
const clickIds = (events: BrokerEventSeen[]) =>
  events
    .filter((event) => event.type === 'link.clicked')
    .flatMap((event) => event.data.clicks.map((c: { id: number }) => c.id));
const createdIds = (events: BrokerEventSeen[]) =>
  events.filter((event) => event.type === 'link.created').map((event) => event.data.id as number);
/** Each event once, where it first came (a copy after an outage has the same id and body). */
function firstSeen(events: BrokerEventSeen[]): BrokerEventSeen[] {
  const byId = new Map<string, BrokerEventSeen>();
  for (const event of events) {
    const earlier = byId.get(event.id);
    if (earlier) expect(JSON.stringify(event)).toBe(JSON.stringify(earlier));
    else byId.set(event.id, event);
  }
  return [...byId.values()];
}

describe.each(STORE_SERVERS)('events into a broker on $kind', ({ start }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(kind: (typeof BROKER_KINDS)[number]) {
    const logs: CapturedLogs = captureLogs();
    cleanups.push(() => logs.restore());
    const consumer: BrokerConsumer = await startBrokerConsumer(kind);
    cleanups.push(() => consumer.close());
    const proxy: TcpProxy = await startTcpProxy(BROKER_PORTS[kind]);
    cleanups.push(() => proxy.close());
    const server: TestServer = await start({
      EVENTS_BROKER_URL: consumer.url(proxy.port),
      EVENTS_BROKER_TOPIC: consumer.topic,
      EVENTS_BROKER_STREAM: consumer.stream,
    });
    cleanups.push(() => server.close());
    return { logs, consumer, proxy, server };
  }

  async function makeLinks(server: TestServer, count: number): Promise<{ id: number; short_code: string }[]> {
    const links = [];
    for (let i = 0; i < count; i++) {
      const answer = await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: { target_url: `https://example.com/${i}` },
      });
      expect(answer.status).toBe(201);
      links.push(answer.body);
    }
    return links;
  }

  async function click(server: TestServer, shortCodes: string[], times: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      const answer = await fetch(`${server.url}/${shortCodes[i % shortCodes.length]}`, {
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
    }
  }

  const health = async (server: TestServer) => (await call(server, 'GET', '/healthz')).body;

  it('redis: clicks coming fast fill the messages (after one that caught up, the next clicks wait for the tick)', {
    timeout: 60_000,
  }, async () => {
    const { consumer, server } = await setUp('redis');
    const [link] = await makeLinks(server, 1);
    await waitFor(async () => createdIds(await consumer.events()).length === 1, 30_000, 'link.created', 100);
    // Six clients clicking for 2.5 s, faster than a publish takes: a broker publishing again at
    // once after each message would send many messages of a few clicks each.
    let made = 0;
    const until = Date.now() + 2500;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (Date.now() < until) {
          await click(server, [link!.short_code], 1);
          made += 1;
        }
      }),
    );
    await waitFor(async () => clickIds(await consumer.events()).length >= made, 30_000, 'every click', 200);
    const messages = (await consumer.events()).filter((event) => event.type === 'link.clicked');
    expect(clickIds(messages)).toHaveLength(made);
    expect(new Set(clickIds(messages)).size).toBe(made);
    // Full messages of 100, and one short one per tick (about a second) at most, the clicking's
    // three and the one after it, with room to spare: without the rule, over a hundred.
    expect(messages.length).toBeLessThanOrEqual(Math.ceil(made / 100) + 6);
  });

  it.each(BROKER_KINDS)(
    '%s: every event once and in order, then nothing lost while the broker is cut away',
    { timeout: 90_000 },
    async (kind) => {
      const { logs, consumer, proxy, server } = await setUp(kind);
      const links = await makeLinks(server, 4);
      await click(
        server,
        links.map((link) => link.short_code),
        30,
      );
      await waitFor(async () => clickIds(await consumer.events()).length >= 30, 30_000, 'every click', 200);

      const events = await consumer.events();
      expect(createdIds(events)).toEqual(links.map((link) => link.id));
      const clicks = clickIds(events);
      expect(clicks).toHaveLength(30);
      expect(clicks).toEqual([...clicks].sort((a, b) => a - b));
      expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
      // A link on the default domain: its clicks carry domain null, as the link does.
      expect(events.find((event) => event.type === 'link.clicked')?.data.clicks[0].domain).toBeNull();
      // clicked_at is the stored click's epoch milliseconds (docs/api.md#events).
      const clicked = events.filter((event) => event.type === 'link.clicked');
      await expectExportedTimes(
        server,
        clicked.flatMap((event) => event.data.clicks),
      );
      // The link events came before the clicks on those links; each carries the webhook's body and its id.
      expect(events[0]).toMatchObject({ type: 'link.created', data: { id: links[0]!.id } });
      for (const event of events)
        expect(Object.keys(event).sort()).toEqual(['actor', 'data', 'id', 'team_id', 'timestamp', 'type', 'where']);
      const wheres = new Set(events.map((event) => event.where));
      if (kind === 'amqp') expect(wheres).toEqual(new Set(['link.created', 'link.clicked']));
      if (kind === 'nats')
        expect(wheres).toEqual(new Set([`${consumer.topic}.link.created`, `${consumer.topic}.link.clicked`]));
      if (kind === 'mqtt')
        expect(wheres).toEqual(new Set([`${consumer.topic}/link.created`, `${consumer.topic}/link.clicked`]));
      if (kind === 'redis') expect(wheres).toEqual(new Set([consumer.topic]));
      expect(await health(server)).toEqual({ status: 'ok' });

      // The broker goes away: the service answers on, its events wait, /healthz says degraded.
      proxy.cut();
      const later = await makeLinks(server, 3);
      await click(
        server,
        [...links, ...later].map((link) => link.short_code),
        40,
      );
      await waitFor(async () => (await health(server)).status === 'degraded', 30_000, 'degraded', 200);
      expect(await health(server)).toEqual({ status: 'degraded', broker: 'unreachable' });
      const metrics = await call(server, 'GET', '/metrics');
      expect(metrics.status).toBe(404);

      proxy.restore();
      await waitFor(async () => new Set(clickIds(await consumer.events())).size >= 70, 60_000, 'the backlog', 200);
      await waitFor(async () => (await health(server)).status === 'ok', 30_000, 'ok again', 200);
      const after = firstSeen(await consumer.events());
      expect(createdIds(after)).toEqual([...links, ...later].map((link) => link.id));
      const allClicks = clickIds(after);
      expect(allClicks).toHaveLength(70);
      expect(allClicks).toEqual([...allClicks].sort((a, b) => a - b));

      const said = logs.lines.filter((line) => line.includes('events broker'));
      expect(said.filter((line) => line.includes('unreachable'))).toHaveLength(1);
      expect(said.filter((line) => line.includes('reachable again'))).toHaveLength(1);
      expect(logs.lines.join('\n')).not.toContain('guest:guest');
    },
  );

  it("redis: a deleted link's clicks waiting while the broker is cut away arrive, ahead of its link.deleted", {
    timeout: 60_000,
  }, async () => {
    const { consumer, proxy, server } = await setUp('redis');
    const [link] = await makeLinks(server, 1);
    await waitFor(async () => createdIds(await consumer.events()).length === 1, 30_000, 'link.created', 100);
    proxy.cut();
    await click(server, [link!.short_code], 3);
    // Taken into a message stored as its range of clicks (docs/api.md#delivery), which waits.
    await waitFor(
      async () => (await server.store.events.brokerOutbox.next(10)).some((message) => message.clicks_through !== null),
      30_000,
      'the clicks taken',
      100,
    );
    const deleted = await call(server, 'DELETE', `/api/links?id=${link!.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(deleted.status).toBeLessThan(300);
    proxy.restore();
    const seen = async () => firstSeen(await consumer.events());
    await waitFor(
      async () => (await seen()).some((event) => event.type === 'link.deleted'),
      60_000,
      'link.deleted',
      200,
    );
    const events = await seen();
    const deletion = events.findIndex((event) => event.type === 'link.deleted');
    const clicked = events.slice(0, deletion).filter((event) => event.type === 'link.clicked');
    expect(clickIds(clicked)).toHaveLength(3);
    expect(clickIds(events.slice(deletion))).toEqual([]);
    // Bodies made before the deletion carry epoch milliseconds too (the export is gone with the link).
    const times = clicked.flatMap((event) => event.data.clicks.map((c: { clicked_at: unknown }) => c.clicked_at));
    expect(times.map((time: unknown) => typeof time)).toEqual(['number', 'number', 'number']);
  });
});
