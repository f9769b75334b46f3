/**
 * A link's clicks reach webhooks, the broker and the live streams before its `link.deleted`
 * (docs/api.md#webhooks): deleting a link deletes its stored clicks, which are the click events'
 * outbox, so just before the deletion the link's clicks not yet taken by each listening webhook
 * (and by the broker) become `link.clicked` messages of their own, queued ahead of the deletion's
 * message, and the streams read what is stored. A webhook's cursor later passes over those ids,
 * gone by then, so nothing is sent twice. Before that, the pending click messages stored as ranges
 * of clicks that hold some of the link's (a turned-off webhook's too, and the broker's) get their
 * bodies written (clickMessages.ts).
 */
import { systemScope } from '../auth/scope';
import { CLICKS_PER_MESSAGE } from '../contract/webhooks';
import type { BrokerOutbox, NewBrokerMessage } from '../storage/repositories/brokerOutbox';
import type { FeedClick } from '../storage/repositories/eventFeed';
import type { EventStorage } from '../storage/repositories/eventStorage';
import type { NewMessage } from '../storage/repositories/webhookOutbox';
import { newBrokerMessage } from './brokers/brokerMessages';
import { writeBodiesBeforeDeletion } from './clickMessages';
import { eventClick, type KeptTexts, newMessage } from './eventMessages';
import type { StreamHub } from './streamHub';

/** Clicks of one link taken at most (a link deleted with more untaken clicks keeps the first ones). */
const MOST_CLICKS = 100 * CLICKS_PER_MESSAGE;

function chunks(clicks: readonly FeedClick[]): { clicks: ReturnType<typeof eventClick>[] }[] {
  const out = [];
  for (let start = 0; start < clicks.length; start += CLICKS_PER_MESSAGE) {
    out.push({ clicks: clicks.slice(start, start + CLICKS_PER_MESSAGE).map((click) => eventClick(click, false)) });
  }
  return out;
}

export async function takeDeletedLinkClicks(
  deps: {
    storage: EventStorage;
    hub: StreamHub;
    brokerOutbox: BrokerOutbox | undefined;
    clock: () => number;
    texts: KeptTexts;
  },
  link: { id: number; teamId: number | null },
): Promise<void> {
  const { webhooks, feed, outbox } = deps.storage;
  const now = deps.clock();
  const clicksAfter = (after: number) =>
    feed.clicksAfter({ after, linkId: link.id, scope: systemScope(), limit: MOST_CLICKS });
  const webhookMessages: NewMessage[] = [];
  // Pending messages wait for a webhook turned off too, until it is on again.
  const ranges = { feed, texts: deps.texts, outbox, brokerOutbox: deps.brokerOutbox };
  await writeBodiesBeforeDeletion(ranges, await webhooks.hearing({ team_id: link.teamId }), link.id);
  for (const webhook of await webhooks.listening('link.clicked', { team_id: link.teamId })) {
    for (const data of chunks(await clicksAfter(webhook.click_cursor))) {
      // The webhook's team, as its other click messages carry (the administrator's: null).
      webhookMessages.push(
        newMessage(webhook.id, 'link.clicked', now, data, { team_id: webhook.team_id, actor: null }),
      );
    }
  }
  const brokerMessages: NewBrokerMessage[] = [];
  if (deps.brokerOutbox) {
    const cursor = await deps.brokerOutbox.cursor(() => feed.lastClickId());
    // Null, as every broker click message carries: they hold clicks of every team (docs/api.md#events).
    for (const data of chunks(await clicksAfter(cursor)))
      brokerMessages.push(newBrokerMessage('link.clicked', now, data));
  }
  await deps.storage.enqueueAll(webhookMessages, brokerMessages);
  await deps.hub.catchUp();
}
