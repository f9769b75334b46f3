/** The messages a broker carries (docs/api.md#events-into-a-broker): a webhook's body plus `id`. Pure but for ids. */
import { type EventOrigin, NO_ORIGIN, type WebhookEvent } from '../../contract/webhooks';
import type { NewBrokerMessage } from '../../storage/repositories/brokerOutbox';
import { bodyOf, newMessageId } from '../eventMessages';

export function newBrokerMessage(
  type: WebhookEvent,
  now: number,
  data: unknown,
  origin: EventOrigin = NO_ORIGIN,
): NewBrokerMessage {
  const id = newMessageId();
  const { team_id, actor } = origin;
  return {
    message_id: id,
    type,
    body: bodyOf({ id, type, team_id, actor, timestamp: new Date(now).toISOString(), data }),
    created_at: now,
  };
}
