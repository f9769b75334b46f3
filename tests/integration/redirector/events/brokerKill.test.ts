/**
 * `kill -9` of the service while it publishes to a broker loses no event, on both stores and for
 * each broker (docs/api.md#events-into-a-broker): the BUILT server runs as a child process (`npm
 * run build` first), is killed while events are on their way to the broker, and started again on
 * the same data; afterwards every link event and every click has arrived, a copy (an event
 * published again) with the same id and body as the first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROKER_KINDS,
  BROKER_PORTS,
  type BrokerEventSeen,
  startBrokerConsumer,
} from '../../../helpers/brokerConsumers';
import { useSchemaOn } from '../../../helpers/postgres';
import {
  clickInTurn,
  logMessages,
  runToExit,
  type ServerProcess,
  startServerProcess,
} from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';

const LINKS = 20;
const CLICKS = 60;

async function createLink(server: ServerProcess, i: number): Promise<{ id: number; short_code: string }> {
  const answer = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ target_url: `https://example.com/${i}` }),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: number; short_code: string };
}

describe.each(['sqlite', 'postgres'] as const)('events into a broker through kill -9 on %s', (store) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each(BROKER_KINDS)('%s: every event arrives after a restart', { timeout: 120_000 }, async (kind) => {
    const consumer = await startBrokerConsumer(kind);
    cleanups.push(() => consumer.close());
    const env: Record<string, string> = {
      EVENTS_BROKER_URL: consumer.url(BROKER_PORTS[kind]),
      EVENTS_BROKER_TOPIC: consumer.topic,
      EVENTS_BROKER_STREAM: consumer.stream,
    };
    await useSchemaOn(store, env, cleanups);
    const dataDir = makeTempDir('me-broker-kill-');
    let server = await startServerProcess({ env, dataDir });
    cleanups.push(() => server.stop());

    const links: { id: number; short_code: string }[] = [];
    // Links made while the publisher works through the earlier ones: the kill lands mid-publish.
    for (let i = 0; i < LINKS; i++) links.push(await createLink(server, i));
    await clickInTurn(server, links, CLICKS);
    await server.kill();
    const before = (await consumer.events()).length;

    server = await startServerProcess({ env, dataDir, adminKey: server.adminKey });
    const seen = async () => {
      const events = await consumer.events();
      const created = new Set(events.filter((e) => e.type === 'link.created').map((e) => e.data.id));
      const clicks = new Set(
        events.filter((e) => e.type === 'link.clicked').flatMap((e) => e.data.clicks.map((c: { id: number }) => c.id)),
      );
      return { created, clicks, events };
    };
    // On PostgreSQL the killed instance's lease (30 s) runs out first.
    await waitFor(
      async () => {
        const { created, clicks } = await seen();
        return created.size === LINKS && clicks.size === CLICKS;
      },
      90_000,
      `every event (${before} before the restart)`,
      250,
    );
    const { events } = await seen();
    const firstById = new Map<string, BrokerEventSeen>();
    for (const event of events) {
      const first = firstById.get(event.id);
      if (first) expect(JSON.stringify(event)).toBe(JSON.stringify(first));
      else firstById.set(event.id, event);
    }
    const createdOrder = [...firstById.values()].filter((e) => e.type === 'link.created').map((e) => e.data.id);
    expect(createdOrder).toEqual(links.map((link) => link.id));
    expect(server.output()).not.toContain('guest:guest');
  });
});

describe('a bad EVENTS_BROKER_URL', () => {
  it('stops the start with one line that never shows the password', async () => {
    const run = await runToExit({ EVENTS_BROKER_URL: 'http://user:hunter2@broker.example' });
    expect(run.code).toBe(1);
    expect(logMessages(run.stderr)).toBe(
      'me: EVENTS_BROKER_URL must be an amqp://, nats://, redis:// or mqtt:// URL with a host (got "http://broker.example")',
    );
  });
});
