/**
 * Webhooks of one owner (docs/api.md#webhooks): the administrator's hear every link's events, a
 * user's their own links'. Each call takes the caller's scope (docs/api.md#scope-who-a-call-acts-for);
 * another owner's webhook is "not found".
 */

import crypto from 'node:crypto';
import { type AuditRecord, auditActorOf, fieldChanges, recordAudit, recordChange } from '../audit/auditLog';
import type { AttemptLimiter } from '../auth/attemptLimiter';
import type { Scope } from '../auth/scope';
import { withinCharacters } from '../contract/characters';
import {
  type CreateWebhookResponse,
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL,
  MAX_WEBHOOKS_PER_ACCOUNT,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_MESSAGE_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_TEST_INTERVAL_MS,
  WEBHOOK_TEST_TOO_SOON,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  webhookEventsProblem,
} from '../contract/webhooks';
import { TOO_MANY_CONNECTIONS } from '../outbound/accountConnections';
import { type OutboundRules, outboundProblem } from '../outbound/addressRules';
import { invalidInput, notFoundRule, TryLater, taken } from '../ruleError';
import type { AfterWrite } from '../storage/executor';
import type { EventStorage } from '../storage/repositories/eventStorage';
import type { DeliveryRecord } from '../storage/repositories/webhookOutbox';
import type { WebhookChanges, WebhookRecord } from '../storage/repositories/webhookRepository';
import { storedBody } from './clickMessages';
import type { KeptTexts } from './eventMessages';
import type { WebhookWorker } from './webhookWorker';

const WEBHOOK_FIELDS = ['url', 'events', 'description', 'active'] as const;

/** A webhook's change as the audit log keeps it (docs/api.md#audit-log); its secret never. */
function webhookEntry(
  action: string,
  before: WebhookRecord | undefined,
  after: WebhookRecord | undefined,
): AuditRecord {
  const row = (after ?? before)!;
  const changes = fieldChanges(before, after, WEBHOOK_FIELDS);
  if (action === 'webhook.created') changes.secret = ['', ''];
  return { teamId: row.team_id, action, target: { type: 'webhook', id: String(row.id), label: row.url }, changes };
}

export interface WebhookService {
  create(owner: Scope, body: Record<string, unknown>): Promise<CreateWebhookResponse>;
  list(owner: Scope): Promise<Webhook[]>;
  update(owner: Scope, id: number, body: Record<string, unknown>): Promise<Webhook>;
  delete(owner: Scope, id: number): Promise<void>;
  deliveries(owner: Scope, id: number): Promise<WebhookDelivery[]>;
  /** Sends a webhook.test message now; its attempt as the log shows it. */
  test(owner: Scope, id: number): Promise<{ message_id: string; status: number | null; error: string | null }>;
  /** Queues the message again, with its id and body, after the webhook's pending ones. */
  redeliver(owner: Scope, id: number, messageId: string): Promise<{ message_id: string }>;
}

export interface WebhookServiceDeps {
  storage: EventStorage;
  clock: () => number;
  rules: OutboundRules;
  worker: WebhookWorker;
  /** One test per webhook per WEBHOOK_TEST_INTERVAL_MS, on every instance (keyed by webhook id). */
  testLimiter: AttemptLimiter;
  /** The clicks' texts, for a click message made again from its range (clickMessages.ts). */
  texts: KeptTexts;
}

/** A webhook's tests: one per WEBHOOK_TEST_INTERVAL_MS, a second one starting meanwhile refused at once. */
export const WEBHOOK_TEST_PACE = { max: 1, windowMs: WEBHOOK_TEST_INTERVAL_MS, maxWaiting: 0 };

/** When to ask again for a test refused for want of a connection: about one connection's length. */
const CONNECTION_RETRY_MS = 10_000;

/** `whsec_` + base64 of 24 random bytes (the Standard Webhooks form of a secret). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

function toDelivery(row: DeliveryRecord): WebhookDelivery {
  return {
    id: Number(row.id),
    message_id: row.message_id,
    type: row.type,
    attempt: row.attempt,
    status: row.status,
    error: row.error,
    duration_ms: row.duration_ms,
    at: new Date(Number(row.at)).toISOString(),
  };
}

function toWebhook(row: WebhookRecord, last: DeliveryRecord | undefined): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    events: row.events,
    description: row.description,
    active: row.active,
    disabled_reason: row.disabled_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    last_delivery: last
      ? { at: new Date(Number(last.at)).toISOString(), status: last.status, ok: last.error === null }
      : null,
  };
}

async function checkUrl(value: unknown, rules: OutboundRules): Promise<string> {
  if (typeof value !== 'string' || value.trim() === '') throw invalidInput('url is required');
  const url = value.trim();
  if (url.length > MAX_WEBHOOK_URL) throw invalidInput(`url must be at most ${MAX_WEBHOOK_URL} characters`);
  const problem = await outboundProblem(url, rules);
  if (problem) throw invalidInput(problem);
  return url;
}

function checkEvents(value: unknown): WebhookEvent[] {
  const problem = webhookEventsProblem(value);
  if (problem) throw invalidInput(problem);
  return [...new Set(value as WebhookEvent[])];
}

function checkDescription(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidInput('description must be text');
  const description = value.trim();
  if (!withinCharacters(description, MAX_WEBHOOK_DESCRIPTION)) {
    throw invalidInput(`description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`);
  }
  return description;
}

/**
 * The click cursor of a webhook whose `events` now add `link.clicked`: clicks from now on, as for a
 * new webhook (docs/api.md#webhooks); the ones stored before it heard them are not its news.
 */
async function clicksFromNow(
  storage: EventStorage,
  before: WebhookRecord,
  events: WebhookEvent[] | undefined,
): Promise<number | undefined> {
  if (!events?.includes('link.clicked') || before.events.includes('link.clicked')) return undefined;
  return storage.feed.lastClickId();
}

export function createWebhookService(deps: WebhookServiceDeps): WebhookService {
  const { storage, clock, rules, worker } = deps;
  const { webhooks, outbox } = storage;

  async function owned(owner: Scope, id: number): Promise<WebhookRecord> {
    const row = await webhooks.find(id, owner);
    if (!row) throw notFoundRule(WEBHOOK_NOT_FOUND);
    return row;
  }

  async function present(row: WebhookRecord): Promise<Webhook> {
    return toWebhook(row, (await outbox.lastDeliveries([row.id])).get(row.id));
  }

  return {
    async create(owner, body) {
      const url = await checkUrl(body.url, rules);
      const events = checkEvents(body.events);
      const description = checkDescription(body.description);
      const secret = newWebhookSecret();
      const created = await webhooks.create(
        owner,
        {
          url,
          events,
          description,
          secret,
          created_at: clock(),
          // Clicks from now on: the ones stored before are not this webhook's news.
          click_cursor: await storage.feed.lastClickId(),
        },
        MAX_WEBHOOKS_PER_ACCOUNT,
        (tx, row) => recordAudit(tx, owner, webhookEntry('webhook.created', undefined, row), clock()),
      );
      if (created === 'limit') throw taken(WEBHOOK_LIMIT_MESSAGE);
      return { webhook: toWebhook(created, undefined), secret };
    },
    async list(owner) {
      const rows = await webhooks.list(owner);
      const last = await outbox.lastDeliveries(rows.map((row) => row.id));
      return rows.map((row) => toWebhook(row, last.get(row.id)));
    },
    async update(owner, id, body) {
      const before = await owned(owner, id);
      const changes: WebhookChanges = {};
      if (body.url !== undefined) changes.url = await checkUrl(body.url, rules);
      if (body.events !== undefined) changes.events = checkEvents(body.events);
      changes.click_cursor = await clicksFromNow(storage, before, changes.events);
      if (body.description !== undefined) changes.description = checkDescription(body.description);
      if (body.active !== undefined) {
        if (typeof body.active !== 'boolean') throw invalidInput('active must be true or false');
        changes.active = body.active;
      }
      const updated = await webhooks.update(id, owner, changes, (tx, { before, after }) =>
        recordChange(tx, owner, webhookEntry('webhook.updated', before, after), clock()),
      );
      if (!updated) throw notFoundRule(WEBHOOK_NOT_FOUND);
      if (changes.active) worker.kick();
      return present(updated);
    },
    async delete(owner, id) {
      const audit: AfterWrite<WebhookRecord> = (tx, row) =>
        recordAudit(tx, owner, webhookEntry('webhook.deleted', row, undefined), clock());
      if (!(await webhooks.delete(id, owner, audit))) throw notFoundRule(WEBHOOK_NOT_FOUND);
    },
    async deliveries(owner, id) {
      await owned(owner, id);
      return (await outbox.deliveries(id)).map(toDelivery);
    },
    async test(owner, id) {
      const webhook = await owned(owner, id);
      // docs/api.md#outbound-connections-per-account: a test counts toward its webhook's one per
      // 10 s once it has a connection; refused for want of one, it is not counted.
      const place = await deps.testLimiter.reserve(String(id));
      if (!place.granted) throw new TryLater(place.retryAfterMs, WEBHOOK_TEST_TOO_SOON);
      let outcome: Awaited<ReturnType<WebhookWorker['sendTest']>>;
      try {
        const origin = { team_id: webhook.team_id, actor: auditActorOf(owner) };
        outcome = await worker.sendTest(webhook, () => place.settle(true), origin);
      } finally {
        await place.settle(false);
      }
      if (!outcome) throw new TryLater(CONNECTION_RETRY_MS, TOO_MANY_CONNECTIONS);
      return { message_id: outcome.messageId, status: outcome.status, error: outcome.error };
    },
    async redeliver(owner, id, messageId) {
      const webhook = await owned(owner, id);
      const message = await outbox.findMessage(id, messageId);
      if (!message) throw notFoundRule(WEBHOOK_MESSAGE_NOT_FOUND);
      // A click message stored as its range is queued again with its body, made from its clicks as stored now.
      const body = await storedBody({ feed: deps.storage.feed, texts: deps.texts }, message, webhook);
      await outbox.enqueue([
        { webhook_id: id, message_id: message.message_id, type: message.type, body, created_at: clock() },
      ]);
      worker.kick();
      return { message_id: message.message_id };
    },
  };
}
