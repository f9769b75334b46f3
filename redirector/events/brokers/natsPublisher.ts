/**
 * NATS JetStream through @nats-io/transport-node and @nats-io/jetstream (docs/api.md#events-into-a-broker):
 * the service declares the stream EVENTS_BROKER_STREAM bound to `<topic>.>` and publishes each
 * event on `<topic>.<type>`, with the event's id as the message id (JetStream drops a copy within
 * its duplicate window), each publish acknowledged.
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { BrokerConfig } from './brokerConfig';
import { BROKER_TIMEOUT_MS, type BrokerPublisher } from './publisher';

/** The connect options a nats:// URL gives: its server and any user and password or token in it. */
function natsOptions(config: BrokerConfig) {
  const url = new URL(config.url);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    servers: `${url.hostname}:${url.port || '4222'}`,
    tls: url.protocol === 'tls:' ? {} : undefined,
    ...(user && pass ? { user, pass } : user ? { token: user } : {}),
    reconnect: false,
    timeout: BROKER_TIMEOUT_MS,
  };
}

export async function connectNats(config: BrokerConfig): Promise<BrokerPublisher> {
  const connection = await connect(natsOptions(config));
  try {
    const manager = await jetstreamManager(connection, { timeout: BROKER_TIMEOUT_MS });
    const subjects = [`${config.topic}.>`];
    const known = await manager.streams.info(config.stream).catch(() => undefined);
    if (!known) await manager.streams.add({ name: config.stream, subjects });
    else if (!known.config.subjects?.includes(subjects[0]!)) {
      await manager.streams.update(config.stream, { subjects: [...(known.config.subjects ?? []), ...subjects] });
    }
    const client = jetstream(connection, { timeout: BROKER_TIMEOUT_MS });
    return {
      async publish(events) {
        // Sent one after another on one connection (in order), acknowledged together.
        const acks = events.map((event) =>
          client.publish(`${config.topic}.${event.type}`, event.body, { msgID: event.id }),
        );
        await Promise.all(acks);
      },
      async close() {
        await connection.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
