/** Everything webhooks and the live stream keep (docs/api.md#webhooks), over one executor. */
import type { Executor } from '../executor';
import { createEventFeed, type EventFeed } from './eventFeed';
import { createLinkExpiryRepository, type LinkExpiryRepository } from './linkExpiry';
import { createWebhookOutbox, type WebhookOutbox } from './webhookOutbox';
import { createWebhookRepository, type WebhookRepository } from './webhookRepository';

export interface EventStorage {
  webhooks: WebhookRepository;
  outbox: WebhookOutbox;
  feed: EventFeed;
  /** Links expired and waiting for their link.expired event. */
  expiry: LinkExpiryRepository;
}

export function createEventStorage(db: Executor): EventStorage {
  return {
    webhooks: createWebhookRepository(db),
    outbox: createWebhookOutbox(db),
    feed: createEventFeed(db),
    expiry: createLinkExpiryRepository(db),
  };
}
