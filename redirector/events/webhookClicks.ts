/**
 * A webhook's next clicks as a `link.clicked` message (docs/api.md#delivery): the next up to 100
 * stored clicks after its cursor, stored as their range with the cursor moved, in one transaction
 * (webhookWorker.ts sends it).
 */
import { systemScope } from '../auth/scope';
import { CLICKS_PER_MESSAGE } from '../contract/webhooks';
import type { EventStorage } from '../storage/repositories/eventStorage';
import type { Delivered, MessageRecord } from '../storage/repositories/webhookOutbox';
import type { WebhookRecord } from '../storage/repositories/webhookRepository';
import type { clickHorizon } from './clickHorizon';
import type { ClickTexts } from './clickTexts';
import { ClickTextsData, newMessage } from './eventMessages';

/** A click message stored, and whether it is full (CLICKS_PER_MESSAGE clicks: more may be waiting). */
export interface Taken {
  message: MessageRecord;
  full: boolean;
}

/**
 * Turns the next clicks after the cursor into a message, stored and returned; undefined when there
 * were none. `delivered`: the attempt that delivered the message before, logged and settled in the
 * same commit (when a message is stored).
 */
export async function takeClicks(
  { storage, clock, texts }: { storage: EventStorage; clock: () => number; texts: ClickTexts },
  horizon: ReturnType<typeof clickHorizon>,
  webhook: WebhookRecord,
  delivered?: Delivered,
): Promise<Taken | undefined> {
  const { webhooks, outbox, feed } = storage;
  if (!webhook.events.includes('link.clicked')) return undefined;
  const upTo = await horizon.upTo();
  if (upTo <= webhook.click_cursor) return undefined;
  const clicks = await feed.clicksAfter({
    after: webhook.click_cursor,
    upTo,
    scope: systemScope(webhook.team_id),
    limit: CLICKS_PER_MESSAGE,
  });
  if (clicks.length === 0) {
    await webhooks.setCursor(webhook.id, upTo);
    return undefined;
  }
  const cursor = clicks.length === CLICKS_PER_MESSAGE ? clicks[clicks.length - 1]!.id : upTo;
  const data = new ClickTextsData(clicks, texts);
  const origin = { team_id: webhook.team_id, actor: null };
  const range = { after: webhook.click_cursor, through: cursor };
  const message = await outbox.enqueueClicks(
    newMessage(webhook.id, 'link.clicked', clock(), data, origin),
    range,
    delivered,
  );
  return { message, full: clicks.length === CLICKS_PER_MESSAGE };
}
