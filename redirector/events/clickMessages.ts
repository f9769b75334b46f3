/**
 * A `link.clicked` message of a webhook or of the broker is stored as its range of clicks, not as
 * its body (docs/api.md#delivery): the stored clicks are the outbox already, and a body kept with
 * each message was a second copy of every click (for each webhook, for 7 days). Its body is made
 * again from the clicks in the range (of the webhook's scope) when the message is read back: for a
 * retry, after a restart, for a redelivery. Before a link is deleted (its clicks go with it), each
 * pending message holding some of its clicks has its body made and stored.
 */
import { systemScope } from '../auth/scope';
import { CLICKS_PER_MESSAGE } from '../contract/webhooks';
import type { BrokerMessageRecord, BrokerOutbox } from '../storage/repositories/brokerOutbox';
import type { EventFeed, FeedClick } from '../storage/repositories/eventFeed';
import type { MessageBody } from '../storage/repositories/messageBody';
import type { MessageRecord, WebhookOutbox } from '../storage/repositories/webhookOutbox';
import { brokerBody } from './brokers/brokerMessages';
import { ClickTextsData, type KeptTexts, messageBody } from './eventMessages';

export interface ClickMessageDeps {
  feed: EventFeed;
  texts: KeptTexts;
}

/** The webhook a message is for: whose links' clicks its range holds. */
type Listener = { id: number; team_id: number | null };
type Ranged = { clicks_after: number | null; clicks_through: number | null };

/** The clicks of the message's range the team reaches (null: every link's); `linkId`: only that link's. */
function rangeClicks(feed: EventFeed, message: Ranged, teamId: number | null, limit: number, linkId?: number) {
  return feed.clicksAfter({
    after: Number(message.clicks_after),
    upTo: Number(message.clicks_through),
    scope: systemScope(teamId),
    limit,
    linkId,
  });
}

const isRange = (message: Ranged) => message.clicks_after !== null && message.clicks_through !== null;

/**
 * A webhook message's body: as stored, or made from its range of clicks, the same text the
 * message was first sent with while its clicks and their links are unchanged.
 */
export async function storedBody(
  { feed, texts }: ClickMessageDeps,
  message: MessageRecord,
  webhook: Listener,
): Promise<MessageBody> {
  if (!isRange(message)) return message.body;
  const clicks = await rangeClicks(feed, message, webhook.team_id, CLICKS_PER_MESSAGE);
  const origin = { team_id: webhook.team_id, actor: null };
  return messageBody('link.clicked', Number(message.created_at), new ClickTextsData(clicks, texts), origin);
}

/** The webhook message as read back, its body made when it is stored as a range. */
export async function withBody(
  deps: ClickMessageDeps,
  message: MessageRecord,
  webhook: Listener,
): Promise<MessageRecord> {
  if (!isRange(message)) return message;
  return { ...message, body: await storedBody(deps, message, webhook) };
}

/** A broker message's body: as stored, or made from its range of clicks (every link's). */
async function brokerStoredBody({ feed, texts }: ClickMessageDeps, message: BrokerMessageRecord): Promise<MessageBody> {
  if (!isRange(message)) return message.body;
  const data = new ClickTextsData(await rangeClicks(feed, message, null, CLICKS_PER_MESSAGE), texts);
  return brokerBody(message.message_id, 'link.clicked', Number(message.created_at), data);
}

/** The broker's messages as read back, the bodies of those stored as ranges made. */
export async function withBrokerBodies(
  deps: ClickMessageDeps,
  messages: readonly BrokerMessageRecord[],
): Promise<BrokerMessageRecord[]> {
  const out: BrokerMessageRecord[] = [];
  for (const message of messages)
    out.push(isRange(message) ? { ...message, body: await brokerStoredBody(deps, message) } : message);
  return out;
}

/** Whether the message's range holds clicks of link `linkId` that the team reaches. */
async function holds(feed: EventFeed, message: Ranged, teamId: number | null, linkId: number): Promise<boolean> {
  const clicks: FeedClick[] = await rangeClicks(feed, message, teamId, 1, linkId);
  return clicks.length > 0;
}

/**
 * Just before link `linkId` is deleted: the pending click messages of these webhooks (and of the
 * broker) that hold some of its clicks get their bodies made and stored, so that they still carry
 * those clicks.
 */
export async function writeBodiesBeforeDeletion(
  deps: ClickMessageDeps & { outbox: WebhookOutbox; brokerOutbox: BrokerOutbox | undefined },
  webhooks: readonly Listener[],
  linkId: number,
): Promise<void> {
  for (const webhook of webhooks) {
    for (const message of await deps.outbox.pendingRanges(webhook.id)) {
      if (await holds(deps.feed, message, webhook.team_id, linkId))
        await deps.outbox.writeBody(message.id, await storedBody(deps, message, webhook));
    }
  }
  for (const message of (await deps.brokerOutbox?.pendingRanges()) ?? []) {
    if (await holds(deps.feed, message, null, linkId))
      await deps.brokerOutbox!.writeBody(message.id, await brokerStoredBody(deps, message));
  }
}
