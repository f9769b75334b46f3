/**
 * A webhook's `link.clicked` message is stored as its range of clicks, not as its body
 * (docs/api.md#delivery): the stored clicks are the outbox already, and a body kept with each
 * message was a second copy of every click for each webhook, for 7 days. Its body is made again
 * from the clicks of the webhook's scope in the range when it is read back: for a retry, after a
 * restart, for a redelivery. Before a link is deleted (its clicks go with it), each pending message
 * holding some of its clicks has its body made and stored.
 */
import { systemScope } from '../auth/scope';
import { CLICKS_PER_MESSAGE } from '../contract/webhooks';
import type { EventFeed } from '../storage/repositories/eventFeed';
import type { MessageBody } from '../storage/repositories/messageBody';
import type { MessageRecord, WebhookOutbox } from '../storage/repositories/webhookOutbox';
import { ClickTextsData, type KeptTexts, messageBody } from './eventMessages';

export interface ClickMessageDeps {
  feed: EventFeed;
  texts: KeptTexts;
}

/** The webhook a message is for: whose links' clicks its range holds. */
type Listener = { id: number; team_id: number | null };

/**
 * The message's body: as stored, or made from its range of clicks, the same text the message was
 * first sent with while its clicks and their links are unchanged.
 */
export async function storedBody(
  { feed, texts }: ClickMessageDeps,
  message: MessageRecord,
  webhook: Listener,
): Promise<MessageBody> {
  if (message.clicks_after === null || message.clicks_through === null) return message.body;
  const clicks = await feed.clicksAfter({
    after: Number(message.clicks_after),
    upTo: Number(message.clicks_through),
    scope: systemScope(webhook.team_id),
    limit: CLICKS_PER_MESSAGE,
  });
  const origin = { team_id: webhook.team_id, actor: null };
  return messageBody('link.clicked', Number(message.created_at), new ClickTextsData(clicks, texts), origin);
}

/** The message as read back, its body made when it is stored as a range. */
export async function withBody(
  deps: ClickMessageDeps,
  message: MessageRecord,
  webhook: Listener,
): Promise<MessageRecord> {
  if (message.clicks_through === null) return message;
  return { ...message, body: await storedBody(deps, message, webhook) };
}

/**
 * Just before link `linkId` is deleted: the pending click messages of these webhooks that hold
 * some of its clicks get their bodies made and stored, so that they still carry those clicks.
 */
export async function writeBodiesBeforeDeletion(
  deps: ClickMessageDeps & { outbox: WebhookOutbox },
  webhooks: readonly Listener[],
  linkId: number,
): Promise<void> {
  for (const webhook of webhooks) {
    for (const message of await deps.outbox.pendingRanges(webhook.id)) {
      const held = await deps.feed.clicksAfter({
        after: Number(message.clicks_after),
        upTo: Number(message.clicks_through),
        scope: systemScope(webhook.team_id),
        linkId,
        limit: 1,
      });
      if (held.length > 0) await deps.outbox.writeBody(message.id, await storedBody(deps, message, webhook));
    }
  }
}
