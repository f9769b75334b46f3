/**
 * Consumers of the real brokers on loopback (RabbitMQ 5672, NATS JetStream 4222, Redis 6379,
 * Mosquitto 1883), each reading what the service published under a topic of the test's own
 * (docs/api.md#events-into-a-broker). `events()` is every event received so far, parsed, in the
 * order the broker delivered them.
 */
import crypto from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';

export const BROKER_PORTS = { amqp: 5672, nats: 4222, redis: 6379, mqtt: 1883 } as const;
export type BrokerKind = keyof typeof BROKER_PORTS;
export const BROKER_KINDS = Object.keys(BROKER_PORTS) as BrokerKind[];

export interface BrokerEventSeen {
  id: string;
  type: string;
  timestamp: string;
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  data: any;
  /** Where it was published: the routing key, subject or topic (the stream key for Redis). */
  where: string;
}

export interface BrokerConsumer {
  kind: BrokerKind;
  topic: string;
  stream: string;
  /** EVENTS_BROKER_URL for a broker reached through `port` (a proxy's, or the broker's own). */
  url(port: number): string;
  events(): Promise<BrokerEventSeen[]>;
  close(): Promise<void>;
}

/** A topic and a stream name no other test uses. */
function uniqueNames(kind: BrokerKind) {
  const tag = crypto.randomBytes(5).toString('hex');
  return { topic: `me_test_${kind}_${tag}.events`, stream: `ME_TEST_${tag}` };
}

const parse = (text: string, where: string): BrokerEventSeen => ({ ...JSON.parse(text), where });

async function amqpConsumer(topic: string) {
  const connection = await amqp.connect(`amqp://guest:guest@127.0.0.1:${BROKER_PORTS.amqp}`);
  const channel = await connection.createChannel();
  await channel.assertExchange(topic, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, topic, '#');
  const seen: BrokerEventSeen[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (message) seen.push(parse(message.content.toString(), message.fields.routingKey));
    },
    { noAck: true },
  );
  return {
    events: async () => seen,
    async close() {
      await channel.deleteExchange(topic).catch(() => undefined);
      await connection.close();
    },
  };
}

async function natsConsumer(stream: string) {
  const connection = await natsConnect({ servers: `127.0.0.1:${BROKER_PORTS.nats}` });
  const manager = await jetstreamManager(connection);
  const seen: BrokerEventSeen[] = [];
  return {
    // The stream (declared by the service) read from where the last read stopped.
    async events() {
      const info = await manager.streams.info(stream).catch(() => undefined);
      for (let seq = seen.length + 1; info && seq <= info.state.last_seq; seq++) {
        const message = await manager.streams.getMessage(stream, { seq });
        if (message) seen.push(parse(message.string(), message.subject));
      }
      return seen;
    },
    async close() {
      await manager.streams.delete(stream).catch(() => undefined);
      await connection.close();
    },
  };
}

async function redisConsumer(topic: string) {
  const client = new Redis(`redis://127.0.0.1:${BROKER_PORTS.redis}`);
  return {
    async events() {
      const entries = await client.xrange(topic, '-', '+');
      return entries.map(([, fields]) => {
        if (fields[0] !== 'event' || fields[1] === undefined) throw new Error(`unexpected fields ${fields.join(' ')}`);
        return parse(fields[1], topic);
      });
    },
    async close() {
      await client.del(topic);
      client.disconnect();
    },
  };
}

async function mqttConsumer(topic: string) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${BROKER_PORTS.mqtt}`);
  const seen: BrokerEventSeen[] = [];
  client.on('message', (where, payload) => seen.push(parse(payload.toString(), where)));
  await client.subscribeAsync(`${topic}/#`, { qos: 1 });
  return {
    events: async () => seen,
    async close() {
      await client.endAsync();
    },
  };
}

/** A consumer listening before the service publishes (RabbitMQ and MQTT keep nothing for a late one). */
export async function startBrokerConsumer(kind: BrokerKind): Promise<BrokerConsumer> {
  const { topic, stream } = uniqueNames(kind);
  const urls: Record<BrokerKind, (port: number) => string> = {
    amqp: (port) => `amqp://guest:guest@127.0.0.1:${port}`,
    nats: (port) => `nats://127.0.0.1:${port}`,
    redis: (port) => `redis://127.0.0.1:${port}`,
    mqtt: (port) => `mqtt://127.0.0.1:${port}`,
  };
  const made =
    kind === 'amqp'
      ? await amqpConsumer(topic)
      : kind === 'nats'
        ? await natsConsumer(stream)
        : kind === 'redis'
          ? await redisConsumer(topic)
          : await mqttConsumer(topic);
  return { kind, topic, stream, url: urls[kind], ...made };
}
