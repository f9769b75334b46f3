/**
 * The periodic check rounds are fair across accounts (docs/api.md#link-health), on both stores:
 * one account with hundreds of due links behind a destination that does not answer does not fill
 * the rounds; another account's few due links are checked meanwhile. Real HTTP servers on loopback
 * addresses of their own (127.0.0.40 and 127.0.0.41), real rounds of a running server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { waitUntil } from '../../../helpers/polling';
import { newLink } from '../../../helpers/records';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

/** A server on `host` answering 200, or holding every request while `held` is set. */
async function startHost(host: string) {
  const state = { seen: 0, inFlight: 0, held: true };
  const waiting: (() => void)[] = [];
  const server = http.createServer((_req, res) => {
    state.seen += 1;
    state.inFlight += 1;
    const answer = () => {
      state.inFlight -= 1;
      res.writeHead(200).end();
    };
    if (state.held) waiting.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    state,
    release() {
      state.held = false;
      for (const answer of waiting.splice(0)) answer();
    },
    async close() {
      await closeNow(server);
    },
  };
}

describe.each(STORE_SERVERS)('link check rounds across accounts ($kind)', ({ kind, start }) => {
  let server: TestServer;
  let slow: Awaited<ReturnType<typeof startHost>>;
  let fast: Awaited<ReturnType<typeof startHost>>;

  beforeAll(async () => {
    slow = await startHost('127.0.0.40');
    fast = await startHost('127.0.0.41');
    fast.release();
    // Rounds every few hundred milliseconds; a held request is not given up while the test runs.
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_HOURS: '0.001', LINK_CHECK_TIMEOUT_MS: '60000' });
  });
  afterAll(async () => {
    slow?.release();
    await server?.close();
    await slow?.close();
    await fast?.close();
  });

  it("checks a small account's due links while a big one's hang", async () => {
    // The big account is a shared team (its links have no user); the small ones are a user's
    // personal team and the administrator's own links: every team is an account of its own.
    const maker = await newUser(server, 'Big team maker');
    const team = await call(server, 'POST', '/api/teams', {
      headers: bearer(maker.token),
      body: { name: `Big team ${kind}` },
    });
    expect(team.status).toBe(201);
    const small = await newUser(server, 'Small account');
    const smallTeam = (await call(server, 'GET', '/api/teams', { headers: bearer(small.token) })).body.teams[0];
    // Stored directly (no check on create): every one is due for the rounds, the big team's first.
    for (let n = 0; n < 300; n++) {
      await server.store.links.create(
        newLink({ team_id: team.body.team.id, short_code: `big${kind}${n}`, target_url: `${slow.url}/${n}` }),
      );
    }
    await waitUntil("the big team's first request", async () => slow.state.seen > 0);
    const smallLinks: number[] = [];
    for (let n = 0; n < 4; n++) {
      const owner = n % 2 === 0 ? { user_id: small.user.id, team_id: smallTeam.id } : {};
      const link = await server.store.links.create(
        newLink({ ...owner, short_code: `small${kind}${n}`, target_url: `${fast.url}/${n}` }),
      );
      smallLinks.push(link.id);
    }
    await waitUntil("the small accounts' links checked", async () => {
      const health = await server.store.linkHealth.of(smallLinks);
      return smallLinks.every((id) => health.get(id)?.status === 'ok');
    });
    // Meanwhile the big team's first request still hangs, and it is its only one.
    expect(slow.state.seen).toBe(1);
    expect(slow.state.inFlight).toBe(1);
  });
});
