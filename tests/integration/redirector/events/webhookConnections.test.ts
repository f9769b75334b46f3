/**
 * A webhook's connection kept for its next messages (docs/api.md#webhooks): real receivers on
 * loopback, each noting the connection every message came on.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newMessageId } from '../../../../redirector/events/eventMessages';
import { sendMessage } from '../../../../redirector/events/webhookSender';
import { newWebhookSecret } from '../../../../redirector/events/webhookService';
import type { OutboundRules } from '../../../../redirector/outbound/addressRules';

interface Receiver {
  url: string;
  /** The connection (its number, counted from 1) of each message received. */
  connections: number[];
  server: http.Server;
}

/** A receiver; `drop(n)`: the n-th message (from 1) is not answered, its connection closed instead. */
async function startReceiver(drop: (message: number) => boolean = () => false): Promise<Receiver> {
  const numbers = new WeakMap<Socket, number>();
  let made = 0;
  const receiver: Receiver = { url: '', connections: [], server: http.createServer() };
  receiver.server.on('connection', (socket) => numbers.set(socket, ++made));
  receiver.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      receiver.connections.push(numbers.get(req.socket)!);
      if (drop(receiver.connections.length)) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  return receiver;
}

const receivers: Receiver[] = [];
afterEach(() => {
  for (const receiver of receivers.splice(0)) {
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
});

const send = (url: string, rules: OutboundRules) =>
  sendMessage({ url, secret: newWebhookSecret(), messageId: newMessageId(), body: '{}', now: Date.now() }, rules);

describe('webhook connections', () => {
  it('sends a destination’s messages one after another on one kept connection', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const rules: OutboundRules = { allowPrivate: true };
    for (let i = 0; i < 5; i++) expect((await send(receiver.url, rules)).error).toBeNull();
    expect(receiver.connections).toEqual([1, 1, 1, 1, 1]);
  });

  it('never reuses a connection made under another server’s rules', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    expect((await send(receiver.url, { allowPrivate: true })).error).toBeNull();
    expect((await send(receiver.url, { allowPrivate: true })).error).toBeNull();
    expect(receiver.connections).toEqual([1, 2]);
  });

  it('sends again on a new connection when the receiver closed the kept one', async () => {
    // The second message finds its kept connection closed without an answer.
    const receiver = await startReceiver((message) => message === 2);
    receivers.push(receiver);
    const rules: OutboundRules = { allowPrivate: true };
    expect((await send(receiver.url, rules)).error).toBeNull();
    const outcome = await send(receiver.url, rules);
    expect(outcome).toMatchObject({ status: 200, error: null });
    expect(receiver.connections).toEqual([1, 1, 2]);
  });
});
