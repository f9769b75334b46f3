/**
 * The outbox of EVENTS_BROKER_URL (docs/api.md#events-into-a-broker), written once over the
 * executor: link events are stored with the call that caused them, clicks are taken after the
 * click cursor, and a message is deleted only once the broker acknowledged it. One instance at a
 * time publishes, under the lease of broker_state's single row.
 */
import type { WebhookEvent } from '../../contract/webhooks';
import type { Executor } from '../executor';
import { insertAll } from './insertAll';
import type { MessageBody } from './messageBody';
import type { ClickRange } from './webhookOutbox';

export interface BrokerMessageRecord {
  id: number;
  /** The event's `id`: the same when it is published again. */
  message_id: string;
  type: WebhookEvent;
  /**
   * The exact JSON text published (its bytes for a click message on SQLite, messageBody.ts); empty
   * for a click message stored as its range of clicks.
   */
  body: MessageBody;
  created_at: number;
  /**
   * A `link.clicked` message stored as its clicks (docs/api.md#events-into-a-broker): those with
   * ids after `clicks_after` up to `clicks_through`, its body made again from them when it is read
   * back (events/clickMessages.ts); null for a message stored with its body.
   */
  clicks_after: number | null;
  clicks_through: number | null;
}

export type NewBrokerMessage = Omit<BrokerMessageRecord, 'id' | 'clicks_after' | 'clicks_through'>;

/** A click message to store as its range of clicks. */
export interface RangedBrokerMessage {
  message: NewBrokerMessage;
  range: ClickRange;
}

const INSERT = 'INSERT INTO broker_messages (message_id, type, body, created_at) VALUES (?, ?, ?, ?)';
const COLUMNS = 'id, message_id, type, body, created_at, clicks_after, clicks_through';

export interface BrokerOutbox {
  /** Stores the messages in the caller's transaction `tx`, or in one of its own. */
  enqueue(messages: readonly NewBrokerMessage[], tx?: Executor): Promise<void>;
  /**
   * Click messages stored as their ranges of clicks (bodies left empty), and the click cursor moved
   * to `cursor`, in one transaction (one commit for a run's messages, not one each); the messages as
   * stored, with their bodies, in order.
   */
  enqueueClicks(messages: readonly RangedBrokerMessage[], cursor: number): Promise<BrokerMessageRecord[]>;
  /** The oldest `limit` messages, oldest first (a range's body empty). */
  next(limit: number): Promise<BrokerMessageRecord[]>;
  /** The messages stored as ranges of clicks, oldest first. */
  pendingRanges(): Promise<BrokerMessageRecord[]>;
  /** Stores a click message's body, made from its range (which it no longer keeps). */
  writeBody(id: number, body: MessageBody): Promise<void>;
  /** Deletes the messages up to and including id `upTo` (all acknowledged). */
  remove(ids: readonly number[]): Promise<void>;
  backlog(): Promise<number>;
  /** The click cursor; the state row is made at `initialCursor` when there is none yet. */
  cursor(initialCursor: () => Promise<number>): Promise<number>;
  /** Takes the outbox for `ms` unless another holder's lease still runs; renews one's own. */
  lease(owner: string, now: number, ms: number): Promise<boolean>;
  release(owner: string): Promise<void>;
  /** Ends any lease (SQLite at start: one process publishes, so a lease left is a killed one's). */
  releaseAll(): Promise<void>;
}

const params = (message: NewBrokerMessage) => [message.message_id, message.type, message.body, message.created_at];

export function createBrokerOutbox(db: Executor): BrokerOutbox {
  return {
    enqueue: (messages, tx) => insertAll(db, tx, INSERT, messages.map(params)),
    enqueueClicks: (messages, cursor) =>
      db.transaction(async (tx) => {
        const stored: BrokerMessageRecord[] = [];
        for (const { message, range } of messages) {
          const row = await tx.get<{ id: number }>(
            `INSERT INTO broker_messages (message_id, type, body, created_at, clicks_after, clicks_through)
             VALUES (?, ?, '', ?, ?, ?) RETURNING id`,
            [message.message_id, message.type, message.created_at, range.after, range.through],
          );
          stored.push({ ...message, id: Number(row!.id), clicks_after: range.after, clicks_through: range.through });
        }
        await tx.run('UPDATE broker_state SET click_cursor = ? WHERE id = 1', [cursor]);
        return stored;
      }),
    next: (limit) => db.all<BrokerMessageRecord>(`SELECT ${COLUMNS} FROM broker_messages ORDER BY id LIMIT ?`, [limit]),
    pendingRanges: () =>
      db.all<BrokerMessageRecord>(
        `SELECT ${COLUMNS} FROM broker_messages WHERE clicks_through IS NOT NULL ORDER BY id`,
      ),
    async writeBody(id, body) {
      await db.run('UPDATE broker_messages SET body = ?, clicks_after = NULL, clicks_through = NULL WHERE id = ?', [
        body,
        id,
      ]);
    },
    async remove(ids) {
      if (ids.length === 0) return;
      await db.run(`DELETE FROM broker_messages WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
    },
    async backlog() {
      const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM broker_messages');
      return Number(row?.n ?? 0);
    },
    async cursor(initialCursor) {
      const row = await db.get<{ click_cursor: number }>('SELECT click_cursor FROM broker_state WHERE id = 1');
      if (row) return Number(row.click_cursor);
      // The broker hears clicks made from now on, as a new webhook does.
      const start = await initialCursor();
      await db.run('INSERT INTO broker_state (id, click_cursor) VALUES (1, ?) ON CONFLICT (id) DO NOTHING', [start]);
      const made = await db.get<{ click_cursor: number }>('SELECT click_cursor FROM broker_state WHERE id = 1');
      return Number(made?.click_cursor ?? start);
    },
    async lease(owner, now, ms) {
      const changed = await db.run(
        'UPDATE broker_state SET lease_owner = ?, lease_until = ? WHERE id = 1 AND (lease_owner = ? OR lease_until < ?)',
        [owner, now + ms, owner, now],
      );
      return changed > 0;
    },
    async release(owner) {
      await db.run('UPDATE broker_state SET lease_owner = NULL, lease_until = 0 WHERE id = 1 AND lease_owner = ?', [
        owner,
      ]);
    },
    async releaseAll() {
      await db.run('UPDATE broker_state SET lease_owner = NULL, lease_until = 0 WHERE id = 1');
    },
  };
}
