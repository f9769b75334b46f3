/**
 * A link event (created, updated, deleted, expired, broken, recovered) becomes a message for every
 * webhook that hears it (stored before the call is answered: the link service waits for this) and
 * an event on the live streams allowed to see the link (docs/api.md#webhooks).
 */

import type { AuditActor } from '../contract/audit';
import type { Link } from '../contract/links';
import type { EventOrigin, LinkEventAction, WebhookEvent } from '../contract/webhooks';
import type { EventStorage } from '../storage/repositories/eventStorage';
import type { NewMessage } from '../storage/repositories/webhookOutbox';
import type { WebhookRecord } from '../storage/repositories/webhookRepository';
import { newBrokerMessage } from './brokers/brokerMessages';
import { newMessage } from './eventMessages';
import type { StreamHub } from './streamHub';

/** The link an event is about. */
export interface LinkEventSubject {
  /** The link's team (docs/api.md#teams); null: the administrator's link. */
  teamId: number | null;
  link: Link;
}

export interface LinkChange extends LinkEventSubject {
  action: LinkEventAction;
  /** Who changed the link (docs/api.md#events); null or absent: no caller (expiry, link checks). */
  actor?: AuditActor | null;
}

const originOf = (change: LinkChange): EventOrigin => ({ team_id: change.teamId, actor: change.actor ?? null });

export type LinkChangeSink = (changes: readonly LinkChange[]) => Promise<void>;
/** Records one link event of any type (docs/api.md#webhooks): `link.<action>` for webhooks, `link` on the stream. */
export type LinkEventRecorder = (change: LinkChange) => Promise<void>;

export function createLinkChangeSink(deps: {
  storage: EventStorage;
  clock: () => number;
  hub: StreamHub;
  kick: () => void;
  /** Whether EVENTS_BROKER_URL is set: every link event then goes to the broker's outbox too. */
  broker: boolean;
}): LinkChangeSink {
  return async (changes) => {
    const now = deps.clock();
    // A CSV import makes many links of one owner: ask for the listening webhooks once.
    const listening = new Map<string, Promise<WebhookRecord[]>>();
    const messages: NewMessage[] = [];
    for (const change of changes) {
      const event: WebhookEvent = `link.${change.action}`;
      const key = `${event} ${change.teamId}`;
      if (!listening.has(key)) listening.set(key, deps.storage.webhooks.listening(event, { team_id: change.teamId }));
      for (const webhook of await listening.get(key)!)
        messages.push(newMessage(webhook.id, event, now, change.link, originOf(change)));
    }
    const brokerMessages = deps.broker
      ? changes.map((change) => newBrokerMessage(`link.${change.action}`, now, change.link, originOf(change)))
      : [];
    await deps.storage.enqueueAll(messages, brokerMessages);
    if (messages.length > 0 || brokerMessages.length > 0) deps.kick();
    for (const change of changes)
      await deps.hub.publishLink(change.teamId, change.action, change.link, originOf(change));
  };
}
