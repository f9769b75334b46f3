/**
 * One small interface over the four brokers (docs/api.md#events-into-a-broker): connect, publish a
 * batch in order and resolve only once the broker has acknowledged every message of it, close. A
 * publisher that failed once is closed and a new one made: the broker clients' own reconnecting is
 * turned off, so a broker away shows as a failed publish and the outbox keeps the messages.
 */
import type { MessageBody } from '../../storage/repositories/messageBody';

export interface BrokerEvent {
  /** The event's `id` (the same when it is published again). */
  id: string;
  /** The event type: the routing key, the subject's and the topic's last part. */
  type: string;
  /** The JSON text published, or its UTF-8 bytes (a click message's, messageBody.ts). */
  body: MessageBody;
}

export interface BrokerPublisher {
  /** Resolves once the broker acknowledged every event, published in the order given. */
  publish(events: readonly BrokerEvent[]): Promise<void>;
  /** Ends the connection; never throws. */
  close(): Promise<void>;
}

/** A connection attempt, a batch's acknowledgements: each gives up after this long. */
export const BROKER_TIMEOUT_MS = 10_000;

/** `work`, or a rejection after `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
