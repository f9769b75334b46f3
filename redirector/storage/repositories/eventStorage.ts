/** Everything webhooks and the live stream keep (docs/api.md#webhooks), over one executor. */
import type { Executor } from '../executor';
import { type BrokerOutbox, createBrokerOutbox, type NewBrokerMessage } from './brokerOutbox';
import { createEventFeed, type EventFeed } from './eventFeed';
import { createLinkExpiryRepository, type LinkExpiryRepository } from './linkExpiry';
import type { RecentClicks } from './recentClicks';
import { createWebhookOutbox, type NewMessage, type WebhookOutbox } from './webhookOutbox';
import { createWebhookRepository, type WebhookRepository } from './webhookRepository';

export interface EventStorage {
  webhooks: WebhookRepository;
  outbox: WebhookOutbox;
  feed: EventFeed;
  /** Links expired and waiting for their link.expired event. */
  expiry: LinkExpiryRepository;
  /** The outbox of EVENTS_BROKER_URL (docs/api.md#events-into-a-broker). */
  brokerOutbox: BrokerOutbox;
  /** Webhook and broker messages of one change, stored in one transaction. */
  enqueueAll(webhookMessages: readonly NewMessage[], brokerMessages: readonly NewBrokerMessage[]): Promise<void>;
}

/** `recent`: SQLite's window of recent clicks fed by its click writer (eventFeed.ts). */
export function createEventStorage(db: Executor, recent?: RecentClicks): EventStorage {
  const outbox = createWebhookOutbox(db);
  const brokerOutbox = createBrokerOutbox(db);
  return {
    webhooks: createWebhookRepository(db),
    outbox,
    brokerOutbox,
    async enqueueAll(webhookMessages, brokerMessages) {
      if (webhookMessages.length === 0 && brokerMessages.length === 0) return;
      await db.transaction(async (tx) => {
        await outbox.enqueue(webhookMessages, tx);
        await brokerOutbox.enqueue(brokerMessages, tx);
      });
    },
    feed: createEventFeed(db, recent),
    expiry: createLinkExpiryRepository(db),
  };
}
