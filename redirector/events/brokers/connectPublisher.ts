/** The publisher of the configured broker (docs/api.md#events-into-a-broker), connected. */
import { connectAmqp } from './amqpPublisher';
import type { BrokerConfig } from './brokerConfig';
import { connectMqtt } from './mqttPublisher';
import { connectNats } from './natsPublisher';
import { BROKER_TIMEOUT_MS, type BrokerPublisher, withTimeout } from './publisher';
import { connectRedis } from './redisPublisher';

const CONNECTORS: Record<BrokerConfig['kind'], (config: BrokerConfig) => Promise<BrokerPublisher>> = {
  amqp: connectAmqp,
  nats: connectNats,
  redis: connectRedis,
  mqtt: connectMqtt,
};

/** Connects within BROKER_TIMEOUT_MS. */
export function connectPublisher(config: BrokerConfig): Promise<BrokerPublisher> {
  return withTimeout(CONNECTORS[config.kind](config), BROKER_TIMEOUT_MS, `connecting to ${config.safeName}`);
}
