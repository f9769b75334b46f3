/**
 * Redis streams through ioredis (docs/api.md#events-into-a-broker): each event is an XADD to the
 * stream EVENTS_BROKER_TOPIC, trimmed to about a million entries, with the field `event`.
 */
import { Redis } from 'ioredis';
import type { BrokerConfig } from './brokerConfig';
import { BROKER_TIMEOUT_MS, type BrokerPublisher } from './publisher';

export const REDIS_STREAM_MAXLEN = 1_000_000;

export async function connectRedis(config: BrokerConfig): Promise<BrokerPublisher> {
  const client = new Redis(config.url, {
    lazyConnect: true,
    // The outbox keeps what could not be sent: no queue of its own, no reconnecting of its own.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: BROKER_TIMEOUT_MS,
    commandTimeout: BROKER_TIMEOUT_MS,
  });
  // A connection error rejects the command under way; this only keeps it from being unhandled.
  client.on('error', () => undefined);
  await client.connect();
  return {
    async publish(events) {
      const batch = client.multi();
      for (const event of events) {
        batch.xadd(config.topic, 'MAXLEN', '~', String(REDIS_STREAM_MAXLEN), '*', 'event', event.body);
      }
      const answers = await batch.exec();
      if (!answers) throw new Error('Redis discarded the batch');
      for (const [error] of answers) if (error) throw error;
    },
    async close() {
      client.disconnect();
    },
  };
}
