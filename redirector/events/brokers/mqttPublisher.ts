/**
 * MQTT through mqtt.js (docs/api.md#events-into-a-broker): each event on `<topic>/<type>` (the
 * topic's dots stay as they are) at QoS 1, acknowledged by the broker.
 */
import mqtt from 'mqtt';
import type { BrokerConfig } from './brokerConfig';
import { BROKER_TIMEOUT_MS, type BrokerPublisher } from './publisher';

export async function connectMqtt(config: BrokerConfig): Promise<BrokerPublisher> {
  const client = await mqtt.connectAsync(config.url, {
    reconnectPeriod: 0,
    connectTimeout: BROKER_TIMEOUT_MS,
    clean: true,
  });
  let failure: Error | undefined;
  client.on('error', (error) => {
    failure = error;
  });
  client.on('close', () => {
    failure ??= new Error('the connection to the MQTT broker closed');
  });
  return {
    async publish(events) {
      if (failure) throw failure;
      // Queued in order on one connection; each resolves on the broker's PUBACK.
      await Promise.all(
        events.map((event) => client.publishAsync(`${config.topic}/${event.type}`, event.body, { qos: 1 })),
      );
      if (failure) throw failure;
    },
    async close() {
      await client.endAsync(true).catch(() => undefined);
    },
  };
}
