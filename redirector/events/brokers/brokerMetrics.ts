/** Metrics of EVENTS_BROKER_URL (docs/api.md#events-into-a-broker), in the service's registry. */
import { Counter, Gauge, type Registry } from 'prom-client';

export const BROKER_OUTCOMES = ['published', 'retried'] as const;
export type BrokerOutcome = (typeof BROKER_OUTCOMES)[number];

export interface BrokerMetrics {
  /** `count` messages published (acknowledged), or to be published again after a failed attempt. */
  messages(outcome: BrokerOutcome, count: number): void;
}

export function registerBrokerMetrics(
  registry: Registry,
  sources: { backlog(): Promise<number>; up(): boolean },
): BrokerMetrics {
  const counts: Record<BrokerOutcome, number> = { published: 0, retried: 0 };
  new Counter({
    name: 'me_broker_messages_total',
    help: 'Events sent to EVENTS_BROKER_URL by outcome: published (acknowledged), retried (a failed attempt, sent again later).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const outcome of BROKER_OUTCOMES) this.inc({ outcome }, counts[outcome]);
    },
  });
  new Gauge({
    name: 'me_broker_backlog',
    help: 'Events waiting in the outbox to be published to EVENTS_BROKER_URL.',
    registers: [registry],
    async collect() {
      this.set(await sources.backlog().catch(() => 0));
    },
  });
  new Gauge({
    name: 'me_broker_up',
    help: '1 while the last publish to EVENTS_BROKER_URL (or the connection to it) succeeded, else 0; 1 with no broker.',
    registers: [registry],
    collect() {
      this.set(sources.up() ? 1 : 0);
    },
  });
  return {
    messages(outcome, count) {
      counts[outcome] += count;
    },
  };
}
