/** The messages a broker carries (docs/api.md#events-into-a-broker): a webhook's body plus `id`. Pure but for ids. */
import { type EventOrigin, NO_ORIGIN, type WebhookEvent } from '../../contract/webhooks';
import type { NewBrokerMessage } from '../../storage/repositories/brokerOutbox';
import type { MessageBody } from '../../storage/repositories/messageBody';
import { bodyOf, newMessageId } from '../eventMessages';

export function newBrokerMessage(
  type: WebhookEvent,
  now: number,
  data: unknown,
  origin: EventOrigin = NO_ORIGIN,
): NewBrokerMessage {
  const id = newMessageId();
  return { message_id: id, type, body: brokerBody(id, type, now, data, origin), created_at: now };
}

/** The body published: the webhook's body plus the event's `id`. */
export function brokerBody(
  id: string,
  type: WebhookEvent,
  now: number,
  data: unknown,
  origin: EventOrigin = NO_ORIGIN,
): MessageBody {
  const { team_id, actor } = origin;
  return bodyOf({ id, type, team_id, actor, timestamp: new Date(now).toISOString(), data });
}
