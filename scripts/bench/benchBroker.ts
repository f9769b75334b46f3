/**
 * The broker of the events phase (docs/api.md#events-into-a-broker, §26's figure: a webhook, a
 * broker and 100 streams): Redis on loopback (BENCH_BROKER_URL overrides), a stream key of the
 * run's own, deleted after. Undefined when no broker answers: the phase then runs without one and
 * says so.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export interface BenchBroker {
  /** What the product is started with. */
  env: Record<string, string>;
  /** How the JSON and the report name it (no credentials). */
  name: string;
  /** Events the broker holds now. */
  published(): Promise<number>;
  close(): Promise<void>;
}

function answers(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startBenchBroker(): Promise<BenchBroker | undefined> {
  const url = new URL(process.env.BENCH_BROKER_URL ?? 'redis://127.0.0.1:6379');
  if (url.protocol !== 'redis:' || !(await answers(url))) return undefined;
  const topic = `me-bench-${crypto.randomBytes(6).toString('hex')}`;
  const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  return {
    env: { EVENTS_BROKER_URL: url.toString(), EVENTS_BROKER_TOPIC: topic },
    name: `redis://${url.host}`,
    published: () => client.xlen(topic),
    async close() {
      await client.del(topic).catch(() => undefined);
      client.disconnect();
    },
  };
}
