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

/** The clicks of the message's range that the team reaches (null: every link's). */
function rangeClicks(feed: EventFeed, message: Ranged, teamId: number | null): Promise<FeedClick[]> {
  return feed.clicksAfter({
    after: Number(message.clicks_after),
    upTo: Number(message.clicks_through),
    scope: systemScope(teamId),
    limit: CLICKS_PER_MESSAGE,
  });
}

const isRange = (message: Ranged) => message.clicks_after !== null && message.clicks_through !== null;

/** A webhook message's body made from its range's clicks, with its own time and its webhook's team. */
function webhookBody(texts: KeptTexts, message: MessageRecord, webhook: Listener, clicks: readonly FeedClick[]) {
  const origin = { team_id: webhook.team_id, actor: null };
  return messageBody('link.clicked', Number(message.created_at), new ClickTextsData(clicks, texts), origin);
}

/** A broker message's body made from its range's clicks (every link's), with its own id and time. */
function brokerRangeBody(texts: KeptTexts, message: BrokerMessageRecord, clicks: readonly FeedClick[]) {
  return brokerBody(message.message_id, 'link.clicked', Number(message.created_at), new ClickTextsData(clicks, texts));
}

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
  return webhookBody(texts, message, webhook, await rangeClicks(feed, message, webhook.team_id));
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

/** The broker's messages as read back, the bodies of those stored as ranges made. */
export async function withBrokerBodies(
  { feed, texts }: ClickMessageDeps,
  messages: readonly BrokerMessageRecord[],
): Promise<BrokerMessageRecord[]> {
  const out: BrokerMessageRecord[] = [];
  for (const message of messages) {
    if (!isRange(message)) out.push(message);
    else out.push({ ...message, body: brokerRangeBody(texts, message, await rangeClicks(feed, message, null)) });
  }
  return out;
}

/**
 * Just before link `linkId` is deleted: the pending click messages of these webhooks (and of the
 * broker) that hold some of its clicks get their bodies made and stored, so that they still carry
 * those clicks. Each range is read once: the clicks that show whether it holds the link's are
 * those its body is made of.
 */
export async function writeBodiesBeforeDeletion(
  deps: ClickMessageDeps & { outbox: WebhookOutbox; brokerOutbox: BrokerOutbox | undefined },
  webhooks: readonly Listener[],
  linkId: number,
): Promise<void> {
  const { feed, texts, outbox, brokerOutbox } = deps;
  const holding = (clicks: readonly FeedClick[]) => clicks.some((click) => Number(click.link_id) === linkId);
  for (const webhook of webhooks) {
    for (const message of await outbox.pendingRanges(webhook.id)) {
      const clicks = await rangeClicks(feed, message, webhook.team_id);
      if (holding(clicks)) await outbox.writeBody(message.id, webhookBody(texts, message, webhook, clicks));
    }
  }
  if (!brokerOutbox) return;
  for (const message of await brokerOutbox.pendingRanges()) {
    const clicks = await rangeClicks(feed, message, null);
    if (holding(clicks)) await brokerOutbox.writeBody(message.id, brokerRangeBody(texts, message, clicks));
  }
}
