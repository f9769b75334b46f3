/**
 * EVENTS_BROKER_URL, EVENTS_BROKER_TOPIC and EVENTS_BROKER_STREAM (docs/api.md#events-into-a-broker),
 * read by config.ts: a bad value stops the start with one line, never showing the URL's password.
 */

export const BROKER_KINDS = ['amqp', 'nats', 'redis', 'mqtt'] as const;
export type BrokerKind = (typeof BROKER_KINDS)[number];

export const DEFAULT_BROKER_TOPIC = 'me.events';
export const DEFAULT_BROKER_STREAM = 'ME_EVENTS';

export interface BrokerConfig {
  kind: BrokerKind;
  /** The URL as given, credentials and all: handed to the client only, never logged. */
  url: string;
  /** `protocol//host:port`: how logs and errors name the broker. */
  safeName: string;
  /** The exchange (RabbitMQ), the subject prefix (NATS), the stream key (Redis), the topic prefix (MQTT). */
  topic: string;
  /** The JetStream stream the service declares (NATS only). */
  stream: string;
}

const PROTOCOLS: Record<string, BrokerKind> = {
  'amqp:': 'amqp',
  'amqps:': 'amqp',
  'nats:': 'nats',
  'tls:': 'nats',
  'redis:': 'redis',
  'rediss:': 'redis',
  'mqtt:': 'mqtt',
  'mqtts:': 'mqtt',
};

/** Letters, digits, `_`, `-`, and `.` between words: valid as an exchange, a subject prefix, a key and a topic. */
const TOPIC = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const STREAM = /^[A-Za-z0-9_-]{1,64}$/;

/** The broker's URL without what may be secret (user, password, path, query). */
export function safeBrokerName(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** `fail` throws the service's ConfigError with the message; undefined when no broker is set. */
export function parseBrokerConfig(env: NodeJS.ProcessEnv, fail: (message: string) => never): BrokerConfig | undefined {
  const text = env.EVENTS_BROKER_URL?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('EVENTS_BROKER_URL must be an amqp://, nats://, redis:// or mqtt:// URL');
  }
  const kind = PROTOCOLS[url.protocol];
  if (!kind || url.hostname === '') {
    return fail(
      `EVENTS_BROKER_URL must be an amqp://, nats://, redis:// or mqtt:// URL with a host (got "${safeBrokerName(url)}")`,
    );
  }
  const topic = env.EVENTS_BROKER_TOPIC?.trim() || DEFAULT_BROKER_TOPIC;
  if (topic.length > 100 || !TOPIC.test(topic)) {
    fail(`EVENTS_BROKER_TOPIC must be letters, digits, _ and -, words joined by dots (got "${topic.slice(0, 100)}")`);
  }
  const stream = env.EVENTS_BROKER_STREAM?.trim() || DEFAULT_BROKER_STREAM;
  if (!STREAM.test(stream)) {
    fail(`EVENTS_BROKER_STREAM must be 1 to 64 letters, digits, _ and - (got "${stream.slice(0, 64)}")`);
  }
  return { kind, url: text, safeName: safeBrokerName(url), topic, stream };
}
