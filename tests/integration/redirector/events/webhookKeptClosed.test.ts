/**
 * A webhook's kept connection that the receiver closes (docs/api.md#delivery), on both stores: a
 * receiver on loopback cuts every connection as the second request on it arrives, before reading
 * it, as a receiver whose own idle timeout fires just then does. Each message is sent again at once
 * on a new connection: it arrives once, and the delivery log shows one attempt, delivered (the
 * cut is not a failed attempt, and the message is neither lost nor sent twice). A delivery the
 * address rules refuse (docs/api.md#outbound-addresses) goes through the same kept path and gives
 * its account's place back.
 */
import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createWebhookConnections } from '../../../../redirector/events/webhookConnections';
import {
  CONNECTIONS_PER_ACCOUNT,
  connectionAccount,
  createAccountConnections,
} from '../../../../redirector/outbound/accountConnections';
import { OUTBOUND_PRIVATE_RULE, type OutboundRules } from '../../../../redirector/outbound/addressRules';
import { bearer, call, createLink, createWebhook, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

interface CuttingReceiver {
  url: string;
  /** The webhook-id of each message read and answered, in order. */
  answered: string[];
  /** Requests cut unread (the second on their connection). */
  cut: number;
  /** Connections made to it. */
  connections: number;
  close(): Promise<void>;
}

/** Answers the first request on each connection with 200, and cuts the connection at its second. */
async function startCuttingReceiver(): Promise<CuttingReceiver> {
  const seen = new WeakMap<Socket, number>();
  const receiver: CuttingReceiver = { url: '', answered: [], cut: 0, connections: 0, close: async () => {} };
  const server = http.createServer((request, answer) => {
    const count = (seen.get(request.socket) ?? 0) + 1;
    seen.set(request.socket, count);
    if (count > 1) {
      receiver.cut += 1;
      request.socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => {
      receiver.answered.push(String(request.headers['webhook-id']));
      answer.writeHead(200).end('ok');
    });
  });
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => closeNow(server);
  return receiver;
}

const MESSAGES = 4;

describe.each(STORE_SERVERS)('a kept connection the receiver closed, on $kind', ({ start }) => {
  let server: TestServer;
  startedForSuite(async (ends) => {
    server = ends.closing(await start({ OUTBOUND_ALLOW_PRIVATE: '1' }));
  });

  it('sends the message again at once on a new connection: once, in order, one attempt logged', async () => {
    const receiver = await startCuttingReceiver();
    try {
      const user = await newUser(server as never, 'Cut');
      const headers = bearer(user.token);
      const hook = await createWebhook(server, headers, `${receiver.url}/cut`);
      const links: number[] = [];
      for (let i = 1; i <= MESSAGES; i++) {
        const made = await createLink(server, headers, { target_url: `https://example.com/cut/${i}` });
        expect(made.status).toBe(201);
        links.push(made.body.link.id);
        // One message at a time, so that each after the first is written on the kept connection.
        await waitFor(() => receiver.answered.length >= i, 10_000, `message ${i}`);
      }
      // Each message after the first was cut once on the kept connection, then answered on a new one.
      expect(receiver.cut).toBe(MESSAGES - 1);
      expect(receiver.connections).toBe(MESSAGES);
      expect(new Set(receiver.answered).size).toBe(MESSAGES);
      const log = await call(server, 'GET', `/api/webhooks/deliveries?id=${hook}`, { headers });
      expect(log.status).toBe(200);
      const attempts = log.body.deliveries as { message_id: string; attempt: number; status: number; error: unknown }[];
      expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.error])).toEqual(
        Array.from({ length: MESSAGES }, () => [1, 200, null]),
      );
      expect(new Set(attempts.map((attempt) => attempt.message_id))).toEqual(new Set(receiver.answered));
      // Nothing more comes (no retry of a message the receiver already had).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.answered.length).toBe(MESSAGES);
    } finally {
      await receiver.close();
    }
  });
});

/** The resolvers a server's rules may use: the system's (dns.lookup), and one answering at once. */
const AT_ONCE = (_name: string, _options: unknown, done: (error: null, answers: dns.LookupAddress[]) => void) =>
  done(null, [{ address: '127.0.0.1', family: 4 }]);
const RESOLVERS = [
  { resolver: 'the system resolver', host: 'localhost', lookup: undefined },
  { resolver: 'a resolver answering at once', host: 'hook.example', lookup: AT_ONCE },
];

describe.each(RESOLVERS)('the address rules on the kept path, with $resolver', ({ host, lookup }) => {
  it('refuses a private address on each new connection and gives the place back each time', async () => {
    const receiver = await startCuttingReceiver();
    // A server's rules without OUTBOUND_ALLOW_PRIVATE, the name resolving to loopback (as a name
    // that resolved elsewhere when the webhook was saved may later).
    const rules: OutboundRules = { allowPrivate: false, lookup };
    const connections = createAccountConnections({});
    const kept = createWebhookConnections({ connections, rules });
    const account = connectionAccount(1);
    const url = `http://${host}:${new URL(receiver.url).port}/private`;
    try {
      // More attempts than the account has places, over three webhooks: a refused attempt keeps none.
      for (let i = 0; i < CONNECTIONS_PER_ACCOUNT + 2; i++) {
        const outcome = await kept.send(
          { id: 1 + (i % 3), account },
          { url, secret: 'whsec_c2VjcmV0', messageId: `msg_${i}`, body: '{}', now: Date.now() },
        );
        expect(outcome).toMatchObject({ status: null, error: OUTBOUND_PRIVATE_RULE });
        // Every place is free again at once: a test of the account is not refused.
        expect(await connections.tryRun(account, async () => 'ran')).toBe('ran');
      }
      expect(receiver.connections).toBe(0);
    } finally {
      kept.closeAll();
      await receiver.close();
    }
  });
});
