/**
 * RabbitMQ through amqplib (docs/api.md#events-into-a-broker): a durable topic exchange named by
 * EVENTS_BROKER_TOPIC, the event type as routing key, persistent messages on a confirm channel.
 */
import amqp from 'amqplib';
import type { BrokerConfig } from './brokerConfig';
import { BROKER_TIMEOUT_MS, type BrokerPublisher } from './publisher';

export async function connectAmqp(config: BrokerConfig): Promise<BrokerPublisher> {
  const connection = await amqp.connect(config.url, { timeout: BROKER_TIMEOUT_MS });
  let failure: Error | undefined;
  // A connection that goes away errs once here; the next publish fails with it.
  connection.on('error', (error: Error) => {
    failure = error;
  });
  connection.on('close', () => {
    failure ??= new Error('the connection to RabbitMQ closed');
  });
  try {
    const channel = await connection.createConfirmChannel();
    channel.on('error', (error: Error) => {
      failure = error;
    });
    await channel.assertExchange(config.topic, 'topic', { durable: true });
    return {
      async publish(events) {
        if (failure) throw failure;
        for (const event of events) {
          channel.publish(
            config.topic,
            event.type,
            typeof event.body === 'string' ? Buffer.from(event.body) : event.body,
            {
              persistent: true,
              messageId: event.id,
              contentType: 'application/json',
              type: event.type,
            },
          );
        }
        await channel.waitForConfirms();
        if (failure) throw failure;
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
