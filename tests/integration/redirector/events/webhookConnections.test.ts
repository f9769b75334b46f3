/**
 * A webhook's kept connection (docs/api.md#delivery) and the account's limit of 10
 * (docs/api.md#outbound-connections-per-account), on both stores and across two PostgreSQL
 * instances: a receiver on loopback numbers its connections and counts those open at once. A
 * webhook's messages go on one connection; an account's 10 kept idle connections hold its 10
 * places, so a test or a link check of the account closes one of them first (the receiver never
 * sees an 11th), and an instance whose account has no place free refuses a test.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../../../redirector/contract/webhooks';
import { TOO_MANY_CONNECTIONS } from '../../../../redirector/outbound/accountConnections';
import { bearer, call, createLink, createWebhook, newUser } from '../../../helpers/api';
import { type HoldingReceiver, startHoldingReceiver } from '../../../helpers/holdingReceiver';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const ENV = { OUTBOUND_ALLOW_PRIVATE: '1' };

async function makeLink(server: TestServer, headers: Record<string, string>, target: string): Promise<number> {
  const made = await createLink(server, headers, { target_url: target });
  expect(made.status).toBe(201);
  return made.body.link.id;
}

/** The connection of each request that arrived at a path starting with `prefix`, in order. */
const delivered = (receiver: HoldingReceiver, prefix: string) =>
  receiver.arrived.flatMap((path, i) => (path.startsWith(prefix) ? [receiver.connections[i]] : []));

/** A user's 10 webhooks, each delivered one message: 10 kept connections idle at the receiver. */
async function tenKeptConnections(owner: TestServer, receiver: HoldingReceiver) {
  const user = await newUser(owner as never, 'Kept');
  const headers = bearer(user.token);
  const hooks: number[] = [];
  for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++)
    hooks.push(await createWebhook(owner, headers, `${receiver.url}/kept/${i}`));
  await makeLink(owner, headers, 'https://example.com/kept');
  await waitFor(() => delivered(receiver, '/kept/').length >= MAX_WEBHOOKS_PER_ACCOUNT, 10_000, 'the ten deliveries');
  // Answered, the ten connections stay open (idle, kept).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(receiver.open).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
  return { headers, hooks };
}

describe.each(STORE_SERVERS)('webhook kept connections on $kind', ({ start }) => {
  let server: TestServer;
  startedForSuite(async (ends) => {
    server = ends.closing(await start(ENV));
  });

  it("sends a webhook's messages one after another on one kept connection", async () => {
    const receiver = await startHoldingReceiver();
    try {
      const user = await newUser(server as never, 'One');
      await createWebhook(server, bearer(user.token), `${receiver.url}/one`);
      for (let i = 1; i <= 4; i++) {
        await makeLink(server, bearer(user.token), `https://example.com/one/${i}`);
        await waitFor(() => delivered(receiver, '/one').length >= i, 10_000, `message ${i}`);
      }
      expect(delivered(receiver, '/one')).toEqual([1, 1, 1, 1]);
      expect(receiver.mostOpen).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("an account's idle kept connections hold its 10 places: a test and a link check close one first", async () => {
    const receiver = await startHoldingReceiver();
    try {
      const { headers, hooks } = await tenKeptConnections(server, receiver);
      const test = await call(server, 'POST', `/api/webhooks/test?id=${hooks[0]}`, { headers });
      expect(test.status).toBe(200);
      expect(test.body.status).toBe(200);
      const linkId = await makeLink(server, headers, `${receiver.url}/checked`);
      // The new link's deliveries keep the account's places busy again; the check waits for one.
      expect(await server.app.services.linkChecks.check(linkId)).toBe(true);
      expect(delivered(receiver, '/checked').length).toBeGreaterThan(0);
      expect(receiver.mostOpen).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
      // Idle for KEEP_ALIVE_MS (4 s), each kept connection is closed, and its place given back.
      await waitFor(() => receiver.open === 0, 10_000, 'the kept connections to close');
    } finally {
      await receiver.close();
    }
  });
});

describe('webhook kept connections across PostgreSQL instances', () => {
  const instances = twoTestServersOnOneSchema(ENV);

  it("another instance's idle kept connections hold the account's places: never an 11th connection", async () => {
    const { a, b } = instances();
    const receiver = await startHoldingReceiver();
    try {
      const { headers, hooks } = await tenKeptConnections(a, receiver);
      // A test through each instance, one per webhook: each closes an idle kept connection of its
      // own instance first, or finds no place free (the other instance's are held until closed).
      const answers = await Promise.all(
        hooks.map((id, i) => call(i % 2 === 0 ? a : b, 'POST', `/api/webhooks/test?id=${id}`, { headers })),
      );
      for (const answer of answers) {
        if (answer.status === 429) expect(answer.body.error).toBe(TOO_MANY_CONNECTIONS);
        else expect(answer.status).toBe(200);
      }
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      expect(receiver.mostOpen).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
    } finally {
      await receiver.close();
    }
  });
});
