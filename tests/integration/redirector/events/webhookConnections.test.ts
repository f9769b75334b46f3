/**
 * A webhook's kept connection (docs/api.md#delivery) and the account's limit of 10
 * (docs/api.md#outbound-connections-per-account), on both stores and across two PostgreSQL
 * instances: a receiver on loopback numbers its connections and counts those open at once. A
 * webhook's messages go on one connection; an account's 10 kept idle connections hold its 10
 * places, so a test or a link check of the account closes one of them first (the receiver never
 * sees an 11th), and an instance whose account has no place free refuses a test.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../../../redirector/contract/webhooks';
import { TOO_MANY_CONNECTIONS } from '../../../../redirector/outbound/accountConnections';
import { bearer, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const ENV = { OUTBOUND_ALLOW_PRIVATE: '1' };

/** A receiver that answers at once, numbers its connections (from 1) and counts those open. */
interface CountingReceiver {
  url: string;
  open: number;
  mostOpen: number;
  /** Each request's path and the number of the connection it came on, in order. */
  requests: { path: string; connection: number }[];
  close(): Promise<void>;
}

async function startCountingReceiver(): Promise<CountingReceiver> {
  const numbers = new WeakMap<Socket, number>();
  let made = 0;
  const receiver: CountingReceiver = { url: '', open: 0, mostOpen: 0, requests: [], close: async () => {} };
  const server = http.createServer((request, answer) => {
    request.resume();
    request.on('end', () => {
      receiver.requests.push({ path: request.url ?? '', connection: numbers.get(request.socket) ?? 0 });
      answer.writeHead(200).end('ok');
    });
  });
  server.on('connection', (socket) => {
    numbers.set(socket, ++made);
    receiver.open += 1;
    receiver.mostOpen = Math.max(receiver.mostOpen, receiver.open);
    socket.on('close', () => {
      receiver.open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => closeNow(server);
  return receiver;
}

interface Server {
  url: string;
}

async function api(server: Server, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : {} };
}

async function makeWebhook(server: Server, headers: Record<string, string>, url: string): Promise<number> {
  const made = await api(server, 'POST', '/api/webhooks', headers, { url, events: ['link.created'] });
  expect(made.status).toBe(201);
  return made.body.webhook.id;
}

async function makeLink(server: Server, headers: Record<string, string>, target: string): Promise<number> {
  const made = await api(server, 'POST', '/api/links/create', headers, { target_url: target });
  expect(made.status).toBe(201);
  return made.body.link.id;
}

const delivered = (receiver: CountingReceiver, prefix: string) =>
  receiver.requests.filter((request) => request.path.startsWith(prefix));

/** A user's 10 webhooks, each delivered one message: 10 kept connections idle at the receiver. */
async function tenKeptConnections(owner: Server, receiver: CountingReceiver) {
  const user = await newUser(owner as never, 'Kept');
  const headers = bearer(user.token);
  const hooks: number[] = [];
  for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++)
    hooks.push(await makeWebhook(owner, headers, `${receiver.url}/kept/${i}`));
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
    const receiver = await startCountingReceiver();
    try {
      const user = await newUser(server as never, 'One');
      await makeWebhook(server, bearer(user.token), `${receiver.url}/one`);
      for (let i = 1; i <= 4; i++) {
        await makeLink(server, bearer(user.token), `https://example.com/one/${i}`);
        await waitFor(() => delivered(receiver, '/one').length >= i, 10_000, `message ${i}`);
      }
      expect(delivered(receiver, '/one').map((request) => request.connection)).toEqual([1, 1, 1, 1]);
      expect(receiver.mostOpen).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("an account's idle kept connections hold its 10 places: a test and a link check close one first", async () => {
    const receiver = await startCountingReceiver();
    try {
      const { headers, hooks } = await tenKeptConnections(server, receiver);
      const test = await api(server, 'POST', `/api/webhooks/test?id=${hooks[0]}`, headers);
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
    const receiver = await startCountingReceiver();
    try {
      const { headers, hooks } = await tenKeptConnections(a, receiver);
      // A test through each instance, one per webhook: each closes an idle kept connection of its
      // own instance first, or finds no place free (the other instance's are held until closed).
      const answers = await Promise.all(
        hooks.map((id, i) => api(i % 2 === 0 ? a : b, 'POST', `/api/webhooks/test?id=${id}`, headers)),
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
