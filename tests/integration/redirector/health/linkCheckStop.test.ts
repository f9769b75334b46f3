/**
 * Stopping the link checks cuts the checks under way (docs/api.md#link-health), on both stores: a
 * check whose destination never answers, and one waiting behind it for its account's turn, end at
 * once instead of holding the server's stop until the attempts time out; neither is judged, the
 * destination sees its request closed, and the links' leases are free again (they stay due).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { waitUntil } from '../../../helpers/polling';
import { newLink } from '../../../helpers/records';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

/** A server that holds every request until it is closed, and counts those whose connection was cut. */
async function startHoldingHost() {
  const state = { seen: 0, cut: 0 };
  const server = http.createServer((req) => {
    state.seen += 1;
    req.socket.on('close', () => {
      state.cut += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    async close() {
      await closeNow(server);
    },
  };
}

describe.each(STORE_SERVERS)('stopping the link checks ($kind)', ({ kind, start }) => {
  let server: TestServer;
  let host: Awaited<ReturnType<typeof startHoldingHost>>;

  beforeAll(async () => {
    host = await startHoldingHost();
    // No rounds of their own; an attempt would wait ten minutes for its answer.
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_HOURS: '0', LINK_CHECK_TIMEOUT_MS: '600000' });
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  it('cuts a hanging check and one waiting for its turn, and leaves both links due', async () => {
    const owner = await newUser(server, 'Stopping owner');
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const link = await server.store.links.create(
        newLink({ user_id: owner.user.id, short_code: `stop${kind}${n}`, target_url: `${host.url}/${n}` }),
      );
      ids.push(link.id);
    }
    const checks = server.app.services.linkChecks;
    // The first holds the account's one request; the second waits behind it in the pacer.
    const outcomes = ids.map((id) =>
      checks.check(id).then(
        () => 'judged',
        (error: Error) => error.message,
      ),
    );
    await waitUntil('the first request', () => host.state.seen === 1);

    await checks.stop();

    expect(await Promise.all(outcomes)).toEqual(['link checks stopped', 'link checks stopped']);
    await waitUntil('the held request closed', () => host.state.cut === 1);
    expect(host.state.seen).toBe(1);
    const health = await server.store.linkHealth.of(ids);
    for (const id of ids) expect(health.get(id)?.checked_at ?? null).toBeNull();
    const now = Date.now();
    for (const id of ids) expect(await server.store.linkHealth.lease(id, now, now + 60_000)).toBe(true);
  });
});
