/**
 * Webhook messages (the outbox: stored before the call that caused them is answered) and the
 * delivery log, written once over the executor (docs/api.md#webhooks). A message leaves only
 * after every earlier pending message of its webhook has left or been dropped.
 */
import type { WebhookDelivery, WebhookEvent } from '../../contract/webhooks';
import type { Executor, SqlParam } from '../executor';
import { insertAll } from './insertAll';
import type { MessageBody } from './messageBody';

export type MessageState = 'pending' | 'delivered' | 'failed';

export interface MessageRecord {
  id: number;
  webhook_id: number;
  /** The `webhook-id` header: the same on every attempt and on a redelivery. */
  message_id: string;
  type: WebhookEvent;
  /**
   * The exact JSON text signed and sent (its bytes for a click message on SQLite, messageBody.ts);
   * empty for a click message stored as its range of clicks (`clicks_after`).
   */
  body: MessageBody;
  created_at: number;
  /** Attempts made so far. */
  attempt: number;
  next_at: number;
  state: MessageState;
  /**
   * A `link.clicked` message stored as its clicks (docs/api.md#delivery): those of its webhook's
   * scope with ids after `clicks_after` up to `clicks_through`, its body made again from them
   * (events/clickMessages.ts); null for a message stored with its body.
   */
  clicks_after: number | null;
  clicks_through: number | null;
}

/** The click ids a click message holds: after `after`, up to `through`. */
export interface ClickRange {
  after: number;
  through: number;
}

export type NewMessage = Pick<MessageRecord, 'webhook_id' | 'message_id' | 'type' | 'body' | 'created_at'>;

/** An attempt as stored: the API's delivery with its webhook, its time in epoch milliseconds. */
export interface DeliveryRecord extends Omit<WebhookDelivery, 'at'> {
  webhook_id: number;
  at: number;
}

export type NewDelivery = Omit<DeliveryRecord, 'id'>;

/** An attempt that delivered its message (`id`): logged, and the message settled as delivered. */
export interface Delivered {
  delivery: NewDelivery;
  id: number;
}

/** Attempts the log keeps per webhook (and shows: a few more may wait for the next trim). */
export const DELIVERIES_KEPT = 100;
/** The log is trimmed after every this many attempts stored (by id), not after each one. */
const TRIM_EVERY = 10;
/** Delivered and dropped messages are kept this long (for redelivery), then deleted. */
export const MESSAGES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const MESSAGE_COLUMNS =
  'id, webhook_id, message_id, type, body, created_at, attempt, next_at, state, clicks_after, clicks_through';
const DELIVERY_COLUMNS = 'id, webhook_id, message_id, type, attempt, status, error, duration_ms, at';

export interface WebhookOutbox {
  /** Stores the messages in one transaction (or in `tx`, the caller's). */
  enqueue(messages: readonly NewMessage[], tx?: Executor): Promise<void>;
  /**
   * A click message stored as its range of clicks (its body left empty), and the webhook's click
   * cursor moved to the range's end, together; the message as next() would read it, with its body.
   * With `delivered`: the attempt that delivered the message before it is logged and that message
   * settled in the same commit (docs/api.md#delivery).
   */
  enqueueClicks(message: NewMessage, range: ClickRange, delivered?: Delivered): Promise<MessageRecord>;
  /** The webhook's pending messages stored as ranges of clicks, oldest first. */
  pendingRanges(webhookId: number): Promise<MessageRecord[]>;
  /** Stores a click message's body, made from its range (which it no longer keeps). */
  writeBody(id: number, body: MessageBody): Promise<void>;
  /** A message sent outside the queue (a test), kept settled so that `redeliver` finds it by its id. */
  keepSent(message: NewMessage, state: Exclude<MessageState, 'pending'>, attempt: number): Promise<void>;
  /** The webhook's oldest pending message. */
  next(webhookId: number): Promise<MessageRecord | undefined>;
  /** The latest message with this id (for a redelivery). */
  findMessage(webhookId: number, messageId: string): Promise<MessageRecord | undefined>;
  /** Records an attempt; every TRIM_EVERY attempts, trims the log to its last DELIVERIES_KEPT. */
  log(delivery: NewDelivery): Promise<void>;
  /**
   * Records an attempt at a queued message and settles the message, in one transaction (one commit
   * per attempt instead of two; a kill -9 keeps both or neither: the message is then sent again).
   */
  logAndSettle(delivery: NewDelivery, id: number, state: MessageState, nextAt: number): Promise<void>;
  deliveries(webhookId: number): Promise<DeliveryRecord[]>;
  /** The last attempt of each webhook. */
  lastDeliveries(webhookIds: readonly number[]): Promise<Map<number, DeliveryRecord>>;
  /** Pending messages over every webhook. */
  backlog(): Promise<number>;
  /** Deletes settled messages created before `before`. */
  prune(before: number): Promise<number>;
}

function messageParams(message: NewMessage): SqlParam[] {
  return [message.webhook_id, message.message_id, message.type, message.body, message.created_at, message.created_at];
}

const INSERT_MESSAGE = `INSERT INTO webhook_messages (webhook_id, message_id, type, body, created_at, next_at)
  VALUES (?, ?, ?, ?, ?, ?)`;

async function settle(db: Executor, id: number, state: MessageState, attempt: number, nextAt: number) {
  await db.run('UPDATE webhook_messages SET state = ?, attempt = ?, next_at = ? WHERE id = ?', [
    state,
    attempt,
    nextAt,
    id,
  ]);
}

async function log(db: Executor, delivery: NewDelivery) {
  const row = await db.get<{ id: number }>(
    `INSERT INTO webhook_deliveries (webhook_id, message_id, type, attempt, status, error, duration_ms, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      delivery.webhook_id,
      delivery.message_id,
      delivery.type,
      delivery.attempt,
      delivery.status,
      delivery.error,
      delivery.duration_ms,
      delivery.at,
    ],
  );
  if (Number(row?.id) % TRIM_EVERY !== 0) return;
  await db.run(
    `DELETE FROM webhook_deliveries WHERE webhook_id = ? AND id <= (
       SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT 1 OFFSET ${DELIVERIES_KEPT})`,
    [delivery.webhook_id, delivery.webhook_id],
  );
}

/** The attempt's line in the delivery log, and its message settled, in the caller's transaction. */
async function logAndSettleIn(tx: Executor, delivery: NewDelivery, id: number, state: MessageState, nextAt: number) {
  await log(tx, delivery);
  await settle(tx, id, state, delivery.attempt, nextAt);
}

export function createWebhookOutbox(db: Executor): WebhookOutbox {
  return {
    enqueue: (messages, tx) => insertAll(db, tx, INSERT_MESSAGE, messages.map(messageParams)),
    enqueueClicks(message, range, delivered) {
      return db.transaction(async (tx) => {
        if (delivered) await logAndSettleIn(tx, delivered.delivery, delivered.id, 'delivered', delivered.delivery.at);
        const row = await tx.get<{ id: number }>(
          `INSERT INTO webhook_messages (webhook_id, message_id, type, body, created_at, next_at, clicks_after, clicks_through)
           VALUES (?, ?, ?, '', ?, ?, ?, ?) RETURNING id`,
          [
            message.webhook_id,
            message.message_id,
            message.type,
            message.created_at,
            message.created_at,
            range.after,
            range.through,
          ],
        );
        await tx.run('UPDATE webhooks SET click_cursor = ? WHERE id = ?', [range.through, message.webhook_id]);
        // What next() would read back, its body made: the worker sends it without making it again.
        const stored = { attempt: 0, next_at: message.created_at, state: 'pending' as const };
        return { ...message, ...stored, id: Number(row!.id), clicks_after: range.after, clicks_through: range.through };
      });
    },
    pendingRanges: (webhookId) =>
      db.all<MessageRecord>(
        `SELECT ${MESSAGE_COLUMNS} FROM webhook_messages
         WHERE webhook_id = ? AND state = 'pending' AND clicks_through IS NOT NULL ORDER BY id`,
        [webhookId],
      ),
    async writeBody(id, body) {
      await db.run('UPDATE webhook_messages SET body = ?, clicks_after = NULL, clicks_through = NULL WHERE id = ?', [
        body,
        id,
      ]);
    },
    async keepSent(message, state, attempt) {
      await db.run(
        `INSERT INTO webhook_messages (webhook_id, message_id, type, body, created_at, next_at, state, attempt)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [...messageParams(message), state, attempt],
      );
    },
    next: (webhookId) =>
      db.get<MessageRecord>(
        `SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE webhook_id = ? AND state = 'pending' ORDER BY id LIMIT 1`,
        [webhookId],
      ),
    findMessage: (webhookId, messageId) =>
      db.get<MessageRecord>(
        `SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE webhook_id = ? AND message_id = ? ORDER BY id DESC LIMIT 1`,
        [webhookId, messageId],
      ),
    log: (delivery) => log(db, delivery),
    logAndSettle: (delivery, id, state, nextAt) =>
      db.transaction((tx) => logAndSettleIn(tx, delivery, id, state, nextAt)),
    deliveries: (webhookId) =>
      db.all<DeliveryRecord>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ${DELIVERIES_KEPT}`,
        [webhookId],
      ),
    async lastDeliveries(webhookIds) {
      const last = new Map<number, DeliveryRecord>();
      for (const id of webhookIds) {
        const row = await db.get<DeliveryRecord>(
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT 1`,
          [id],
        );
        if (row) last.set(id, row);
      }
      return last;
    },
    async backlog() {
      const row = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM webhook_messages WHERE state = 'pending'");
      return Number(row?.n ?? 0);
    },
    prune: (before) => db.run("DELETE FROM webhook_messages WHERE state <> 'pending' AND created_at < ?", [before]),
  };
}
