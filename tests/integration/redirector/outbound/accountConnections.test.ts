/**
 * Outbound work is bounded per account (docs/api.md#outbound-connections-per-account), on both
 * stores and across two PostgreSQL instances: a receiver on loopback holds every request it gets
 * until told and counts the connections open at once. 30 parallel tests of an account's 10
 * webhooks reach it over at most 10 connections (one per webhook, the rest 429 with Retry-After);
 * while those are held, the account's deliveries wait their turn (the receiver never sees an 11th
 * connection) and another account's test goes through; a second test of one webhook within 10 s
 * is 429; and while an account's deliveries hold its 10 connections, its test is 429 (not counted
 * toward the webhook's pace), and a check of its link waits for a connection.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_ACCOUNT, WEBHOOK_TEST_TOO_SOON } from '../../../../redirector/contract/webhooks';
import { TOO_MANY_CONNECTIONS } from '../../../../redirector/outbound/accountConnections';
import { adminHeaders, bearer, call, createLink, createWebhook, newUser } from '../../../helpers/api';
import { type HoldingReceiver, startHoldingReceiver } from '../../../helpers/holdingReceiver';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { startReceiver, type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const ENV = { OUTBOUND_ALLOW_PRIVATE: '1' };

interface Server {
  url: string;
  adminKey: string;
}

/** Account A's webhooks on `owner`, tested on `tester` (the same instance, or another one sharing its database). */
async function boundedPerAccount(
  owner: Server,
  tester: Server,
  receiver: HoldingReceiver,
  elsewhere: WebhookReceiver,
): Promise<void> {
  const admin = adminHeaders(owner.adminKey);
  const hooks: number[] = [];
  for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++)
    hooks.push(await createWebhook(owner, admin, `${receiver.url}/held/${i}`));
  const other = await newUser(owner, 'Other');
  const otherHook = await createWebhook(owner, bearer(other.token), elsewhere.url);

  // 30 tests at once, 3 for each of the account's 10 webhooks, half of them through each instance.
  const tests = Array.from({ length: 30 }, (_, i) =>
    call(i % 2 === 0 ? owner : tester, 'POST', `/api/webhooks/test?id=${hooks[i % hooks.length]}`, { headers: admin }),
  );
  await waitFor(() => receiver.open >= MAX_WEBHOOKS_PER_ACCOUNT, 10_000, 'ten tests held at the receiver');

  // Meanwhile: the account's deliveries wait, another account's test goes through.
  const link = await call(owner, 'POST', '/api/links', {
    headers: admin,
    body: { target_url: 'https://example.com/bounded' },
  });
  expect(link.status).toBe(201);
  const otherTest = await call(tester, 'POST', `/api/webhooks/test?id=${otherHook}`, { headers: bearer(other.token) });
  expect(otherTest.status).toBe(200);
  expect(otherTest.body.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.arrived.filter((path) => path.startsWith('/held/'))).toHaveLength(MAX_WEBHOOKS_PER_ACCOUNT);

  receiver.release();
  const answers = await Promise.all(tests);
  const sent = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(sent).toHaveLength(MAX_WEBHOOKS_PER_ACCOUNT);
  expect(refused).toHaveLength(20);
  for (const answer of refused) {
    expect([WEBHOOK_TEST_TOO_SOON, TOO_MANY_CONNECTIONS]).toContain(answer.body.error);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
  }
  // The deliveries went out once connections were free, every one of them.
  await waitFor(
    () => receiver.arrived.filter((path) => path.startsWith('/held/')).length >= 2 * MAX_WEBHOOKS_PER_ACCOUNT,
    15_000,
    'the deliveries that waited their turn',
  );
  expect(receiver.mostOpen).toBe(MAX_WEBHOOKS_PER_ACCOUNT);

  // One test per webhook per 10 s, whichever instance is asked.
  const again = await call(tester, 'POST', `/api/webhooks/test?id=${hooks[0]}`, { headers: admin });
  expect(again.status).toBe(429);
  expect(again.body.error).toBe(WEBHOOK_TEST_TOO_SOON);
  expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(Number(again.headers.get('Retry-After'))).toBeLessThanOrEqual(10);
}

/** A user's 10 deliveries held at the receiver: a test of one of its webhooks finds no connection free (429). */
async function testsRefusedWhileDeliveriesHold(owner: Server, tester: Server): Promise<void> {
  const receiver = await startHoldingReceiver();
  try {
    const user = await newUser(owner, 'Busy');
    const hooks: number[] = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++) {
      hooks.push(await createWebhook(owner, bearer(user.token), `${receiver.url}/held/${i}`));
    }
    const link = await createLink(owner, bearer(user.token), { target_url: 'https://example.com/' });
    expect(link.status).toBe(201);
    await waitFor(() => receiver.open >= MAX_WEBHOOKS_PER_ACCOUNT, 10_000, "the account's ten deliveries");
    const refused = await call(tester, 'POST', `/api/webhooks/test?id=${hooks[0]}`, { headers: bearer(user.token) });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY_CONNECTIONS);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    receiver.release();
    // Refused for want of a connection, the test was not counted: it goes through once one is free.
    await waitFor(() => receiver.open === 0, 10_000, 'the deliveries to end');
    const sent = await call(tester, 'POST', `/api/webhooks/test?id=${hooks[0]}`, { headers: bearer(user.token) });
    expect(sent.status).toBe(200);
    expect(receiver.mostOpen).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
  } finally {
    await receiver.close();
  }
}

/** A user's 10 deliveries held: a check of the user's link waits for a connection, then runs. */
async function checksWaitWhileDeliveriesHold(server: Server & { app: TestServer['app'] }): Promise<void> {
  const receiver = await startHoldingReceiver();
  try {
    const user = await newUser(server, 'Checked');
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++)
      await createWebhook(server, bearer(user.token), `${receiver.url}/held/${i}`);
    const link = await createLink(server, bearer(user.token), { target_url: `${receiver.url}/checked` });
    expect(link.status).toBe(201);
    await waitFor(() => receiver.open >= MAX_WEBHOOKS_PER_ACCOUNT, 10_000, "the account's ten deliveries");
    const check = server.app.services.linkChecks.check(link.body.link.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.arrived).not.toContain('/checked');
    receiver.release();
    expect(await check).toBe(true);
    expect(receiver.arrived).toContain('/checked');
    expect(receiver.mostOpen).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
  } finally {
    await receiver.close();
  }
}

describe.each(STORE_SERVERS)('outbound connections per account on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: HoldingReceiver;
  let elsewhere: WebhookReceiver;
  startedForSuite(async (ends) => {
    server = ends.closing(await start(ENV));
    receiver = ends.closing(await startHoldingReceiver());
    elsewhere = ends.closing(await startReceiver());
  });

  it('30 parallel tests of 10 webhooks: at most 10 connections, the rest 429; deliveries wait, others go on', async () => {
    await boundedPerAccount(server, server, receiver, elsewhere);
  });

  it("a test finds no connection free while the account's deliveries hold all 10 (429), then goes through", async () => {
    await testsRefusedWhileDeliveriesHold(server, server);
  });

  it("a link check waits while the account's deliveries hold all 10, then runs", async () => {
    await checksWaitWhileDeliveriesHold(server);
  });
});

describe('outbound connections per account across PostgreSQL instances', () => {
  const instances = twoTestServersOnOneSchema(ENV);
  let receiver: HoldingReceiver;
  let elsewhere: WebhookReceiver;
  startedForSuite(async (ends) => {
    receiver = ends.closing(await startHoldingReceiver());
    elsewhere = ends.closing(await startReceiver());
  });

  it('tests through both instances share one account limit and one per-webhook pace', async () => {
    const { a, b } = instances();
    await boundedPerAccount(a, b, receiver, elsewhere);
  });

  it("a test on one instance finds no connection free while the other's deliveries hold all 10", async () => {
    const { a, b } = instances();
    await testsRefusedWhileDeliveriesHold(a, b);
  });
});
