/**
 * Delivers webhook messages (docs/api.md#webhooks): at least once, in order per webhook, surviving
 * restarts. Every second (and at once after a link event) each active webhook's queue is worked
 * through under a lease, so that one instance at a time sends its messages: the oldest pending
 * message goes first; a failure waits its retry delay (±20 %) and holds back the later ones; after
 * the last retry the message is dropped and counted failed. When the queue is empty, the next up
 * to 100 stored clicks after the webhook's cursor become a `link.clicked` message and the cursor
 * moves, in one transaction: the stored clicks are the outbox, and the redirect pays nothing; the
 * message is stored as that range of clicks, its body made again when it is read back (clickMessages.ts).
 * After a full message is delivered, the next clicks' message is stored in the commit that settles
 * it: one commit a message (docs/api.md#delivery).
 * After a message of fewer than 100 clicks a turn takes no more clicks (they wait for the next
 * turn, and messages fill up). Attempts go on the webhook's kept connection (webhookConnections.ts).
 */

import crypto from 'node:crypto';
import { type Background, runInBackground } from '../background';
import type { EventOrigin } from '../contract/webhooks';
import { type AccountConnections, connectionAccount } from '../outbound/accountConnections';
import type { OutboundRules } from '../outbound/addressRules';
import type { EventStorage } from '../storage/repositories/eventStorage';
import type { MessageRecord, NewDelivery } from '../storage/repositories/webhookOutbox';
import { MESSAGES_KEPT_MS } from '../storage/repositories/webhookOutbox';
import type { WebhookRecord } from '../storage/repositories/webhookRepository';
import { kickAsClicksCome } from './clickCatchUp';
import { clickHorizon } from './clickHorizon';
import { withBody } from './clickMessages';
import type { ClickTexts } from './clickTexts';
import { newMessage } from './eventMessages';
import type { EventMetrics } from './eventMetrics';
import { type Taken, takeClicks } from './webhookClicks';
import { createWebhookConnections, type WebhookConnections } from './webhookConnections';
import { deliveryOf, isDelivered, type SendOutcome, sendMessage } from './webhookSender';

/** A webhook failing every attempt for this long is turned off. */
export const TURN_OFF_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const TURNED_OFF_REASON = 'Every delivery failed for 3 days';
const TICK_MS = 1000;
/** Messages one webhook sends per turn before others get theirs. */
const MESSAGES_PER_TURN = 100;
/**
 * Before an attempt the lease is renewed once this share of its length has passed since it was
 * last (1 s of the default 30 s): a busy webhook's messages of 100 clicks do not each pay a commit
 * for it, and an attempt still starts with at least 29/30 of the lease left.
 */
const LEASE_RENEWED_WITHIN = 1 / 30;

export interface WebhookWorkerDeps {
  storage: EventStorage;
  engine: 'sqlite' | 'postgres';
  clock: () => number;
  rules: OutboundRules;
  retryDelaysMs: readonly number[];
  /**
   * WEBHOOK_LEASE_MS (30 s, eventsConfig.ts), renewed before an attempt once a thirtieth of it has
   * passed since it was last (LEASE_RENEWED_WITHIN). On PostgreSQL a killed
   * instance's lease holds its webhooks' deliveries back this long at most; SQLite ends every lease
   * at start (one process delivers).
   */
  leaseMs: number;
  metrics: EventMetrics;
  /**
   * Each attempt and test holds one of its account's outbound connections (deliveries wait for
   * one); a webhook's kept connection holds its place while idle too (webhookConnections.ts).
   */
  connections: AccountConnections;
  /** The clicks' texts, shared with the broker and the streams. */
  texts: ClickTexts;
  log: (message: string, error?: unknown) => void;
  /** The wait between two ticks (TICK_MS; a test's longer one shows what else starts a tick). */
  tickMs?: number;
}

export interface WebhookWorker {
  start(): void;
  /** Works through the queues soon (after a message was stored). */
  kick(): void;
  /**
   * Sends a webhook.test message now, outside the queue, and logs the attempt; undefined (nothing
   * sent) when the account has no outbound connection free. `connected` is told once it has one.
   */
  sendTest(
    webhook: WebhookRecord,
    connected: () => Promise<void>,
    /** Who asked for it (docs/api.md#events). */
    origin?: EventOrigin,
  ): Promise<(SendOutcome & { messageId: string }) | undefined>;
  stop(): Promise<void>;
}

/** The wait before retry `attempt` (1-based), ±20 %. */
export function retryDelay(delays: readonly number[], attempt: number): number {
  const base = delays[Math.min(attempt, delays.length) - 1] ?? 0;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * One attempt at the message; whether the queue may go on to the next one. `delivered` logs an
 * attempt that delivered it and settles the message (workOn: with the next message's storing, or alone).
 */
async function attempt(
  deps: WebhookWorkerDeps,
  kept: WebhookConnections,
  webhook: WebhookRecord,
  message: MessageRecord,
  delivered: (delivery: NewDelivery) => Promise<void>,
): Promise<boolean> {
  const { clock, metrics, log } = deps;
  const { webhooks, outbox } = deps.storage;
  const now = clock();
  const number = message.attempt + 1;
  // On the webhook's kept connection, or a new one once it has one of its account's places (webhookConnections.ts).
  const outcome = await kept.send(
    { id: webhook.id, account: connectionAccount(webhook.team_id) },
    { url: webhook.url, secret: webhook.secret, messageId: message.message_id, body: message.body, now },
  );
  // The attempt logged and its message settled in one commit (webhookOutbox.ts logAndSettle).
  const delivery = deliveryOf(webhook.id, message, number, outcome, now);
  if (isDelivered(outcome)) {
    await delivered(delivery);
    if (webhook.failing_since !== null) await webhooks.markFailing(webhook.id, null);
    metrics.message('delivered');
    return true;
  }
  await webhooks.markFailing(webhook.id, now);
  if (webhook.failing_since !== null && now - webhook.failing_since >= TURN_OFF_AFTER_MS) {
    await webhooks.turnOff(webhook.id, TURNED_OFF_REASON);
    log(`webhook ${webhook.id} turned off: ${TURNED_OFF_REASON.toLowerCase()}`);
  }
  if (number > deps.retryDelaysMs.length) {
    await outbox.logAndSettle(delivery, message.id, 'failed', now);
    metrics.message('failed');
    return true;
  }
  // The wait runs from the attempt's end: after a 10 s timeout the first retry comes about 5 s later, not at once.
  await outbox.logAndSettle(delivery, message.id, 'pending', clock() + retryDelay(deps.retryDelaysMs, number));
  metrics.message('retried');
  return false;
}

/** What one webhook's turn works with: its worker's lease holder, clicks' horizon and kept connections. */
interface Turn {
  deps: WebhookWorkerDeps;
  holder: string;
  horizon: ReturnType<typeof clickHorizon>;
  kept: WebhookConnections;
  /** Whether the worker has been stopped. */
  stopped: () => boolean;
}

/** Works through one webhook's queue; true when it stopped with more to send. */
async function workOn(turn: Turn, id: number): Promise<boolean> {
  const { deps, holder, horizon, kept } = turn;
  const { webhooks, outbox } = deps.storage;
  const clock = deps.clock;
  let leasedAt = clock();
  if (!(await webhooks.lease(id, holder, leasedAt, deps.leaseMs))) return false;
  /** Renews the lease when it was last renewed LEASE_RENEWED_WITHIN of its length ago or more; whether it is still ours. */
  const renewed = async () => {
    const now = clock();
    if (now - leasedAt < deps.leaseMs * LEASE_RENEWED_WITHIN) return true;
    leasedAt = now;
    return webhooks.lease(id, holder, now, deps.leaseMs);
  };
  /**
   * Once a message took fewer than CLICKS_PER_MESSAGE clicks (every click stored so far), the turn
   * takes no more: the clicks stored meanwhile wait for the next tick (docs/api.md#delivery), so
   * that a busy webhook's messages fill up instead of each carrying the few clicks stored since
   * the last one's attempt (each message pays a signature, a request and its commits).
   */
  let clicksTaken = false;
  /** The next click message, stored in the commit that settled the one before it. */
  let ahead: Taken | undefined;
  try {
    for (let sent = 0; sent < MESSAGES_PER_TURN && !turn.stopped(); sent++) {
      const webhook = await webhooks.byId(id);
      if (!webhook?.active) return false;
      // None pending, or the one stored ahead is the oldest: the clicks' new message, sent as made (its body not made again).
      const stored = await outbox.next(id);
      const early = stored && ahead?.message.id === stored.id ? ahead : undefined;
      ahead = undefined;
      const pending =
        stored && !early ? await withBody({ feed: deps.storage.feed, texts: deps.texts }, stored, webhook) : undefined;
      const taken = early ?? (pending || clicksTaken ? undefined : await takeClicks(deps, horizon, webhook));
      const message = pending ?? taken?.message;
      if (!message || message.next_at > clock()) return false;
      if (taken && !taken.full) clicksTaken = true;
      if (!(await renewed())) return false;
      // After a full message more clicks wait: their message is stored in the commit that settles
      // this one (docs/api.md#delivery), one commit a message rather than two; they start after its range.
      const through = taken?.full && sent + 1 < MESSAGES_PER_TURN ? taken.message.clicks_through : null;
      const delivered = async (delivery: NewDelivery) => {
        if (through !== null && !turn.stopped()) {
          const cursor = { ...webhook, click_cursor: through };
          ahead = await takeClicks(deps, horizon, cursor, { delivery, id: message.id });
          if (ahead) return;
        }
        await outbox.logAndSettle(delivery, message.id, 'delivered', delivery.at);
      };
      if (!(await attempt(deps, kept, webhook, message, delivered))) return false;
    }
    return !turn.stopped();
  } finally {
    await webhooks.release(id, holder);
  }
}

export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { storage, clock, metrics, log } = deps;
  const { webhooks, outbox, feed } = storage;
  const holder = `worker-${crypto.randomBytes(6).toString('hex')}`;
  const horizon = clickHorizon(deps.engine, feed, clock);
  const working = new Map<number, Promise<void>>();
  const kept = createWebhookConnections({ connections: deps.connections, rules: deps.rules, clock });
  let ticks: Background<void> | undefined;
  let stopped = false;
  /** Stops the kicks of clicks coming fast (clickCatchUp.ts). */
  let stopKicks = () => {};
  let lastPrune = 0;
  const turn: Turn = { deps, holder, horizon, kept, stopped: () => stopped };

  async function tick(): Promise<void> {
    if (stopped) return;
    await horizon.sample();
    for (const id of await webhooks.activeIds()) {
      if (working.has(id)) continue;
      const work = workOn(turn, id)
        .catch((error) => {
          log(`webhook ${id}: delivery work failed`, error);
          return false;
        })
        .then((more) => {
          working.delete(id);
          // More to send: come back at once rather than after the tick.
          if (more) kick();
        });
      working.set(id, work);
    }
    if (clock() - lastPrune > 60 * 60 * 1000) {
      lastPrune = clock();
      await outbox.prune(clock() - MESSAGES_KEPT_MS);
    }
  }

  /** A tick as soon as the one under way (if any) has ended, then every TICK_MS. */
  function kick(): void {
    if (stopped) return;
    if (ticks) ticks.runSoon();
    else
      ticks = runInBackground(tick, {
        what: "reading the webhooks' queues",
        everyMs: deps.tickMs ?? TICK_MS,
        firstAfterMs: 0,
        log,
      });
  }

  return {
    start() {
      stopKicks = kickAsClicksCome(feed, kick);
      if (deps.engine !== 'sqlite') return kick();
      webhooks
        .releaseAll()
        .catch((error) => log('webhook leases could not be ended at start', error))
        .finally(kick);
    },
    kick,
    async sendTest(webhook, connected, origin) {
      const now = clock();
      const message = newMessage(webhook.id, 'webhook.test', now, { webhook_id: webhook.id }, origin);
      const outcome = await deps.connections.tryRun(connectionAccount(webhook.team_id), async () => {
        await connected();
        return sendMessage(
          { url: webhook.url, secret: webhook.secret, messageId: message.message_id, body: message.body, now },
          deps.rules,
        );
      });
      if (!outcome) return undefined;
      await outbox.log(deliveryOf(webhook.id, message, 1, outcome, now));
      // Kept (settled) like any message: `redeliver` takes the message_id the delivery log shows.
      await outbox.keepSent(message, isDelivered(outcome) ? 'delivered' : 'failed', 1);
      metrics.message(isDelivered(outcome) ? 'delivered' : 'failed');
      return { ...outcome, messageId: message.message_id };
    },
    async stop() {
      stopped = true;
      stopKicks();
      await ticks?.stop();
      await Promise.allSettled([...working.values()]);
      kept.closeAll();
    },
  };
}
