/** Webhooks and the live stream, built once (docs/api.md#webhooks, docs/api.md#live-stream). */
import type { Registry } from 'prom-client';
import type { AttemptLimiter } from '../auth/attemptLimiter';
import type { Config } from '../config';
import { log, logProblem } from '../observability/logger';
import { type AccountConnections, createAccountConnections } from '../outbound/accountConnections';
import type { OutboundRules } from '../outbound/addressRules';
import type { Store } from '../storage/store';
import { registerBrokerMetrics } from './brokers/brokerMetrics';
import { type BrokerWorker, createBrokerWorker } from './brokers/brokerWorker';
import { type ClickTexts, createClickTexts } from './clickTexts';
import { takeDeletedLinkClicks } from './deletedLinkClicks';
import { registerEventMetrics } from './eventMetrics';
import { createLinkChangeSink, type LinkChangeSink, type LinkEventRecorder, type LinkEventSubject } from './linkEvents';
import { createLinkExpiryCheck, type LinkExpiryCheck } from './linkExpiry';
import { createStreamHub, STREAMS_PER_ACCOUNT, type StreamHub } from './streamHub';
import { createStreamPlaces } from './streamPlaces';
import { createStreamTickets, type StreamTickets } from './streamTickets';
import { createWebhookService, type WebhookService } from './webhookService';

export { WEBHOOK_TEST_PACE } from './webhookService';

import { createWebhookWorker, type WebhookWorker } from './webhookWorker';

export interface Events {
  webhooks: WebhookService;
  worker: WebhookWorker;
  hub: StreamHub;
  tickets: StreamTickets;
  /** The link service's onChange. */
  onLinkChange: LinkChangeSink;
  /**
   * Records one link event of any type (`link.expired`, `link.broken`, `link.recovered`, ...): a
   * message for every webhook that hears it, stored before this resolves, and a `link` event on the
   * streams allowed to see the link, on every instance.
   */
  recordLinkEvent: LinkEventRecorder;
  /** Just before a link is deleted: its clicks reach webhooks, the broker and streams first (deletedLinkClicks.ts). */
  beforeLinkDelete(link: { id: number; teamId: number | null }): Promise<void>;
  /** The background check that records link.expired (docs/api.md#webhooks). */
  expiry: LinkExpiryCheck;
  /** Every account's outbound connections: webhook tests and deliveries, and the link checks. */
  connections: AccountConnections;
  /** Publishes to EVENTS_BROKER_URL (docs/api.md#events-into-a-broker); undefined when it is not set. */
  broker: BrokerWorker | undefined;
  /** Starts delivering (the server; never the command line). */
  start(): void;
  /** Ends every stream and waits for deliveries under way. */
  stop(): Promise<void>;
}

export interface EventsDeps {
  config: Config;
  store: Store;
  clock: () => number;
  registry: Registry;
  /** The link as events carry it, by id; undefined when it is gone. */
  presentLink: (id: number) => Promise<LinkEventSubject | undefined>;
  /** One test per webhook per 10 s (WEBHOOK_TEST_PACE), on every instance. */
  webhookTests: AttemptLimiter;
}

export function createEvents(deps: EventsDeps): Events {
  const { store, clock } = deps;
  const storage = store.events;
  const rules: OutboundRules = { allowPrivate: deps.config.events.outboundAllowPrivate };
  const connections = createAccountConnections({ attempts: store.attempts, clock });
  const texts = createClickTexts();
  const hub = createStreamHub({
    feed: storage.feed,
    texts,
    streamMax: deps.config.events.streamMax,
    engine: store.kind,
    broadcast: store.broadcast,
    places: store.attempts && createStreamPlaces(store.attempts, STREAMS_PER_ACCOUNT, clock),
    log: logProblem,
  });
  const metrics = registerEventMetrics(deps.registry, {
    backlog: () => storage.outbox.backlog(),
    streamClients: () => hub.count(),
  });
  const worker = createWebhookWorker({
    storage,
    engine: store.kind,
    clock,
    rules,
    retryDelaysMs: deps.config.events.retryDelaysMs,
    leaseMs: deps.config.events.webhookLeaseMs,
    metrics,
    connections,
    texts,
    log: logProblem,
  });
  const broker = createBroker(deps, texts);
  let started = false;
  const onLinkChange = createLinkChangeSink({
    storage,
    clock,
    hub,
    broker: broker !== undefined,
    kick: () => {
      if (!started) return;
      worker.kick();
      broker?.kick();
    },
  });
  const expiry = createLinkExpiryCheck({
    expiry: storage.expiry,
    clock,
    presentLink: deps.presentLink,
    record: (change) => onLinkChange([change]),
    log: logProblem,
  });
  return {
    webhooks: createWebhookService({ storage, clock, rules, worker, testLimiter: deps.webhookTests, texts }),
    worker,
    hub,
    tickets: createStreamTickets(storage.feed, clock),
    onLinkChange,
    recordLinkEvent: (change) => onLinkChange([change]),
    beforeLinkDelete: (link) =>
      takeDeletedLinkClicks({ storage, hub, clock, texts, brokerOutbox: broker && storage.brokerOutbox }, link),
    expiry,
    connections,
    broker,
    start() {
      started = true;
      worker.start();
      broker?.start();
      expiry.start();
    },
    async stop() {
      await hub.stop();
      await expiry.stop();
      if (started) await Promise.all([worker.stop(), broker?.stop()]);
    },
  };
}

/** The broker's publisher and its metrics (the metrics also without a broker: 0 waiting, up). */
function createBroker(deps: EventsDeps, texts: ClickTexts): BrokerWorker | undefined {
  const config = deps.config.events.broker;
  const outbox = deps.store.events.brokerOutbox;
  let worker: BrokerWorker | undefined;
  const metrics = registerBrokerMetrics(deps.registry, {
    backlog: async () => (config ? outbox.backlog() : 0),
    up: () => worker?.isUp() ?? true,
  });
  if (!config) return undefined;
  worker = createBrokerWorker({
    config,
    outbox,
    feed: deps.store.events.feed,
    engine: deps.store.kind,
    clock: deps.clock,
    metrics,
    texts,
    say: (level, message) => log[level](message),
    log: logProblem,
  });
  return worker;
}
