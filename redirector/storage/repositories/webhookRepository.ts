/**
 * Webhooks and their leases, written once over the executor (docs/api.md#webhooks). `user_id` null
 * is the administrator's webhook. A caller's webhooks are its scope's own (scopeFilter.ts's ownedBy:
 * the administrator's are its own too, not everyone's; docs/api.md#scope-who-a-call-acts-for). A lease (lease_until, lease_owner) lets one instance at a time
 * work through a webhook's queue, so messages leave in order even with several instances.
 */
import type { Scope } from '../../auth/scope';
import type { WebhookEvent } from '../../contract/webhooks';
import { type AfterWrite, columnList, type Executor, type RowShape, type SqlParam } from '../executor';
import type { LinkRecord } from '../records';
import { insertWithinLimit } from './insertWithinLimit';
import { type OwnedTable, ownedRows } from './ownedRows';
import { hearingOwner, ownedBy, ownerValue, teamValue } from './scopeFilter';

export interface WebhookRecord {
  id: number;
  user_id: number | null;
  /** The team that owns the webhook (docs/api.md#teams); null: the administrator's. */
  team_id: number | null;
  url: string;
  events: WebhookEvent[];
  description: string;
  secret: string;
  active: boolean;
  disabled_reason: string | null;
  created_at: number;
  /** The last click id put in a message (or skipped as not this webhook's). */
  click_cursor: number;
  /** Since when every attempt failed; null after a success. */
  failing_since: number | null;
}

/** A webhook to store; its owner is the creating scope's. */
export type NewWebhook = Omit<
  WebhookRecord,
  'id' | 'user_id' | 'team_id' | 'active' | 'disabled_reason' | 'failing_since'
>;
/** `click_cursor` moves only forward: the clicks after it are the webhook's to send. */
export type WebhookChanges = Partial<Pick<WebhookRecord, 'url' | 'events' | 'description' | 'active' | 'click_cursor'>>;

const COLUMNS = columnList([
  'id',
  'user_id',
  'team_id',
  'url',
  'events',
  'description',
  'secret',
  'active',
  'disabled_reason',
  'created_at',
  'click_cursor',
  'failing_since',
]);
const SHAPE: RowShape = { booleans: ['active'], json: ['events'] };

/** Serialises webhook creation for the administrator, who has no row to lock (a 64-bit constant of our own). */
const ADMIN_WEBHOOKS_LOCK = 7_302_116_540_392;

/** A scope's webhooks: made within its owner's limit, listed, deleted (OwnedTable); and what delivery needs. */
export interface WebhookRepository extends OwnedTable<WebhookRecord, NewWebhook> {
  /** The webhook when the scope owns it. */
  find(id: number, scope: Scope): Promise<WebhookRecord | undefined>;
  /** The webhook whoever owns it: for the delivery worker, which acts for no caller. */
  byId(id: number): Promise<WebhookRecord | undefined>;
  update(
    id: number,
    scope: Scope,
    changes: WebhookChanges,
    afterWrite?: AfterWrite<{ before: WebhookRecord; after: WebhookRecord }>,
  ): Promise<WebhookRecord | undefined>;
  /**
   * Active webhooks that hear `event` about a link (their owner's, and the administrator's); the
   * link is the subject: `link.user_id` is its owner, not a caller.
   */
  listening(event: WebhookEvent, link: Pick<LinkRecord, 'team_id'>): Promise<WebhookRecord[]>;
  /** Every webhook that hears about a link, active or not, whatever its events (their messages may wait). */
  hearing(link: Pick<LinkRecord, 'team_id'>): Promise<WebhookRecord[]>;
  /** Ids of every active webhook. */
  activeIds(): Promise<number[]>;
  /** Takes the webhook's queue for `ms` unless another holder's lease still runs; renews one's own. */
  lease(id: number, owner: string, now: number, ms: number): Promise<boolean>;
  release(id: number, owner: string): Promise<void>;
  /** Ends every lease (SQLite at start: one process delivers, so a lease left is a killed one's). */
  releaseAll(): Promise<void>;
  /** After an attempt: null clears failing_since, a time sets it unless already set. */
  markFailing(id: number, since: number | null): Promise<void>;
  turnOff(id: number, reason: string): Promise<void>;
  setCursor(id: number, cursor: number): Promise<void>;
}

/** Stores the webhook unless its owner already has `max` ("limit"), one create at a time per owner. */
function insertWebhook(
  db: Executor,
  scope: Scope,
  webhook: NewWebhook,
  max: number,
  afterWrite?: AfterWrite<WebhookRecord>,
) {
  const limit = { table: 'webhooks', max, adminLock: ADMIN_WEBHOOKS_LOCK };
  return insertWithinLimit(
    db,
    scope,
    limit,
    (tx) =>
      tx.get<WebhookRecord>(
        `INSERT INTO webhooks (user_id, team_id, url, events, description, secret, created_at, click_cursor)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
        [
          ownerValue(scope),
          teamValue(scope),
          webhook.url,
          webhook.events,
          webhook.description,
          webhook.secret,
          webhook.created_at,
          webhook.click_cursor,
        ],
        SHAPE,
      ),
    afterWrite,
  );
}

export function createWebhookRepository(db: Executor): WebhookRepository {
  const hearing: WebhookRepository['hearing'] = (link) => {
    const owners = hearingOwner(link.team_id);
    return db.all<WebhookRecord>(
      `SELECT ${COLUMNS} FROM webhooks WHERE ${owners.sql} ORDER BY id`,
      owners.params,
      SHAPE,
    );
  };
  return {
    create: (scope, webhook, max, afterWrite) => insertWebhook(db, scope, webhook, max, afterWrite),
    ...ownedRows<WebhookRecord>(db, 'webhooks', COLUMNS, SHAPE),
    byId: (id) => db.get<WebhookRecord>(`SELECT ${COLUMNS} FROM webhooks WHERE id = ?`, [id], SHAPE),
    find(id, scope) {
      const owner = ownedBy(scope);
      return db.get<WebhookRecord>(
        `SELECT ${COLUMNS} FROM webhooks WHERE id = ? AND ${owner.sql}`,
        [id, ...owner.params],
        SHAPE,
      );
    },
    update(id, scope, changes, afterWrite) {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      const owner = ownedBy(scope);
      // Turning a webhook back on forgets why it was off and its run of failures.
      const reset = changes.active === true ? ', disabled_reason = NULL, failing_since = NULL' : '';
      const sets = entries
        .map(([column]) =>
          column === 'click_cursor'
            ? 'click_cursor = CASE WHEN click_cursor < ? THEN ? ELSE click_cursor END'
            : `${column} = ?`,
        )
        .join(', ');
      const find = (tx: Executor) =>
        tx.get<WebhookRecord>(
          `SELECT ${COLUMNS} FROM webhooks WHERE id = ? AND ${owner.sql}`,
          [id, ...owner.params],
          SHAPE,
        );
      return db.transaction(async (tx) => {
        const before = await find(tx);
        if (!before || entries.length === 0) return before;
        await tx.run(`UPDATE webhooks SET ${sets}${reset} WHERE id = ? AND ${owner.sql}`, [
          ...entries.flatMap(([column, value]): SqlParam[] =>
            column === 'click_cursor' ? [value as number, value as number] : [value as SqlParam],
          ),
          id,
          ...owner.params,
        ]);
        const after = (await find(tx))!;
        await afterWrite?.(tx, { before, after });
        return after;
      });
    },
    async listening(event, link) {
      return (await hearing(link)).filter((row) => row.active && row.events.includes(event));
    },
    hearing,
    async activeIds() {
      const rows = await db.all<{ id: number }>('SELECT id FROM webhooks WHERE active = ? ORDER BY id', [true]);
      return rows.map((row) => Number(row.id));
    },
    async lease(id, owner, now, ms) {
      const changed = await db.run(
        `UPDATE webhooks SET lease_until = ?, lease_owner = ?
         WHERE id = ? AND active = ? AND (lease_until < ? OR lease_owner = ?)`,
        [now + ms, owner, id, true, now, owner],
      );
      return changed > 0;
    },
    async release(id, owner) {
      await db.run('UPDATE webhooks SET lease_until = 0, lease_owner = NULL WHERE id = ? AND lease_owner = ?', [
        id,
        owner,
      ]);
    },
    async releaseAll() {
      await db.run('UPDATE webhooks SET lease_until = 0, lease_owner = NULL WHERE lease_owner IS NOT NULL');
    },
    async markFailing(id, since) {
      if (since === null) await db.run('UPDATE webhooks SET failing_since = NULL WHERE id = ?', [id]);
      else await db.run('UPDATE webhooks SET failing_since = ? WHERE id = ? AND failing_since IS NULL', [since, id]);
    },
    async turnOff(id, reason) {
      await db.run('UPDATE webhooks SET active = ?, disabled_reason = ? WHERE id = ?', [false, reason, id]);
    },
    async setCursor(id, cursor) {
      await db.run('UPDATE webhooks SET click_cursor = ? WHERE id = ? AND click_cursor < ?', [cursor, id, cursor]);
    },
  };
}
