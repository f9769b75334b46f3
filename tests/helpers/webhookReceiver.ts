/**
 * A real webhook receiver on loopback: records every request, verifies its signature with the
 * standardwebhooks library, and answers as told (up with 200, down with 503, or never).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { closeNow } from './closeNow';

export interface Received {
  id: string;
  timestamp: number;
  type: string;
  /** Beside type (docs/api.md#events): the team of the link the event is about, and who caused it. */
  team_id: number | null;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field
  actor: any;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field
  data: any;
  /** Whether the signature verified with the webhook's secret. */
  verified: boolean;
}

export type ReceiverMode = 'up' | 'down' | 'hang';

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Requests of any kind that reached the receiver, answered or not. */
  hits: number;
  /** When each of those hits arrived (Date.now), in order. */
  arrivals: number[];
  /** The body of each of those hits as it arrived, in order (answered or not). */
  bodies: string[];
  mode: ReceiverMode;
  /** Waits this long before answering (a delivery under way for a while). */
  delayMs: number;
  secret: string;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    hits: 0,
    arrivals: [],
    bodies: [],
    mode: 'up',
    delayMs: 0,
    secret: '',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      receiver.hits += 1;
      receiver.arrivals.push(Date.now());
      receiver.bodies.push(Buffer.concat(chunks).toString());
      if (receiver.mode === 'hang') return;
      if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
      if (res.destroyed) return;
      if (receiver.mode === 'down') {
        res.writeHead(503).end('down');
        return;
      }
      const body = Buffer.concat(chunks).toString();
      let verified = false;
      try {
        new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const payload = JSON.parse(body);
      receiver.received.push({
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        type: payload.type,
        team_id: payload.team_id,
        actor: payload.actor,
        data: payload.data,
        verified,
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = async () => {
    await closeNow(server);
  };
  return receiver;
}

/** Waits until `check` holds, polling every `everyMs` (50 ms); throws with `what` after `ms`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  everyMs = 50,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
