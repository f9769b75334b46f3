/**
 * A webhook receiver on loopback for the account's limit of outbound connections
 * (docs/api.md#outbound-connections-per-account): holds requests to `/held/...` until told,
 * counts the connections open at once, and numbers the connection each request came on.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { closeNow } from './closeNow';

/** A receiver that holds requests to `/held/...` until `release()` (others answered at once) and counts its open connections. */
export interface HoldingReceiver {
  url: string;
  /** Connections open now, and the most open at once. */
  open: number;
  mostOpen: number;
  /** Requests that arrived, by path. */
  arrived: string[];
  /** The connection (numbered from 1 in the order they were made) each of those came on. */
  connections: number[];
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingReceiver(): Promise<HoldingReceiver> {
  const held: http.ServerResponse[] = [];
  const numbers = new WeakMap<Socket, number>();
  let made = 0;
  let releasing = false;
  const receiver: HoldingReceiver = {
    url: '',
    open: 0,
    mostOpen: 0,
    arrived: [],
    connections: [],
    release() {
      releasing = true;
      for (const answer of held.splice(0)) answer.writeHead(200).end('ok');
    },
    close: async () => {},
  };
  const server = http.createServer((request, answer) => {
    request.resume();
    request.on('end', () => {
      receiver.arrived.push(request.url ?? '');
      receiver.connections.push(numbers.get(request.socket) ?? 0);
      if (request.url?.startsWith('/held/') && !releasing) held.push(answer);
      else answer.writeHead(200).end('ok');
    });
  });
  server.on('connection', (socket) => {
    made += 1;
    numbers.set(socket, made);
    receiver.open += 1;
    receiver.mostOpen = Math.max(receiver.mostOpen, receiver.open);
    socket.on('close', () => {
      receiver.open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = async () => {
    receiver.release();
    await closeNow(server);
  };
  return receiver;
}
