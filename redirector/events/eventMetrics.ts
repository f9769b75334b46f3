/** Metrics of webhooks and the stream (docs/api.md#webhooks), in the service's registry. */
import { Counter, Gauge, type Registry } from 'prom-client';

export const MESSAGE_OUTCOMES = ['delivered', 'retried', 'failed'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

export interface EventMetrics {
  message(outcome: MessageOutcome): void;
}

export interface EventMetricSources {
  backlog(): Promise<number>;
  streamClients(): number;
}

export function registerEventMetrics(registry: Registry, sources: EventMetricSources): EventMetrics {
  const counts = Object.fromEntries(MESSAGE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<MessageOutcome, number>;
  new Counter({
    name: 'me_webhook_messages_total',
    help: 'Webhook message attempts by outcome: delivered, retried (a failed attempt to be retried), failed (dropped).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const outcome of MESSAGE_OUTCOMES) this.inc({ outcome }, counts[outcome]);
    },
  });
  new Gauge({
    name: 'me_webhook_backlog',
    help: 'Webhook messages waiting to be delivered.',
    registers: [registry],
    async collect() {
      this.set(await sources.backlog().catch(() => 0));
    },
  });
  new Gauge({
    name: 'me_stream_clients',
    help: 'Live streams open on this instance.',
    registers: [registry],
    collect() {
      this.set(sources.streamClients());
    },
  });
  return {
    message(outcome) {
      counts[outcome] += 1;
    },
  };
}
