/** Webhooks and the live stream (docs/api.md#webhooks, docs/api.md#live-stream): API types and rules. Pure. */
import type { AuditActor } from './audit';
import type { Link } from './links';

export const WEBHOOK_EVENTS = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'link.expired',
  'link.broken',
  'link.recovered',
  'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOKS_PER_ACCOUNT = 10;
export const MAX_WEBHOOK_DESCRIPTION = 200;
export const MAX_WEBHOOK_URL = 2048;
/** Clicks one link.clicked message carries at most. */
export const CLICKS_PER_MESSAGE = 100;

export const WEBHOOK_LIMIT_MESSAGE = `An account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`;
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const WEBHOOK_MESSAGE_NOT_FOUND = 'Message not found';
/** A webhook takes one test this often (docs/api.md#outbound-connections-per-account). */
export const WEBHOOK_TEST_INTERVAL_MS = 10_000;
export const WEBHOOK_TEST_TOO_SOON = 'A webhook may be tested once every 10 seconds; try again shortly';

export interface WebhookLastDelivery {
  at: string;
  /** The receiver's HTTP status; null when none came (a connection error or a timeout). */
  status: number | null;
  ok: boolean;
}

export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  description: string;
  active: boolean;
  /** Why the service turned the webhook off (after failing every attempt for 3 days); null otherwise. */
  disabled_reason: string | null;
  created_at: string;
  last_delivery: WebhookLastDelivery | null;
}

export interface CreateWebhookResponse {
  webhook: Webhook;
  /** `whsec_` + base64 of 24 random bytes: shown only in this answer. */
  secret: string;
}

export interface WebhooksResponse {
  webhooks: Webhook[];
}

export interface WebhookDelivery {
  id: number;
  message_id: string;
  type: WebhookEvent;
  attempt: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
  at: string;
}

export interface WebhookDeliveriesResponse {
  deliveries: WebhookDelivery[];
}

/** One click as webhooks and the stream carry it: never the address (but the stream's `ip` for the administrator), never a bot's. */
export interface EventClick {
  id: number;
  link_id: number;
  short_code: string;
  /** The link's custom domain; null on the default domain, as the link's own `domain`. */
  domain: string | null;
  /** Epoch milliseconds, as the stored click's (docs/api.md#rules-for-every-call), never an ISO string. */
  clicked_at: number;
  country: string;
  city: string | null;
  device_type: string;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  in_app: boolean;
  /** The stream only, for the administrator. */
  ip?: string;
}

/** What happened to a link: its webhook event is `link.<action>`, its stream event `link` with this action. */
export type LinkEventAction = 'created' | 'updated' | 'deleted' | 'expired' | 'broken' | 'recovered';

/** The stream's `link` event. */
export interface StreamLinkEvent extends EventOrigin {
  action: LinkEventAction;
  link: Link;
}

export interface StreamTicketResponse {
  ticket: string;
  expires_at: string;
}

/**
 * Where an event comes from (docs/api.md#events): the team of the link (or webhook) it is about,
 * null for the administrator's own or for clicks of every team; and who caused it as the audit log
 * names them, null for what no caller did (clicks, expiry, link checks).
 */
export interface EventOrigin {
  team_id: number | null;
  actor: AuditActor | null;
}

export const NO_ORIGIN: EventOrigin = { team_id: null, actor: null };

/** A message's body: `{type, team_id, actor, timestamp, data}`. */
export interface WebhookPayload extends EventOrigin {
  type: WebhookEvent;
  timestamp: string;
  data: unknown;
}

/** The problem with a list of event names, or undefined when each is known and there is at least one. */
export function webhookEventsProblem(events: unknown): string | undefined {
  if (!Array.isArray(events) || events.length === 0) return 'events must be a non-empty list of event names';
  const unknown = events.find((name) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(name));
  if (unknown !== undefined) return `Unknown event: ${String(unknown)} (known: ${WEBHOOK_EVENTS.join(', ')})`;
  return undefined;
}
