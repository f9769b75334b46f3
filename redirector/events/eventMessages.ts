/** The bodies webhooks and the stream carry (docs/api.md#webhooks), built from stored rows. Pure but for ids. */
import crypto from 'node:crypto';
import {
  type EventClick,
  type EventOrigin,
  NO_ORIGIN,
  type WebhookEvent,
  type WebhookPayload,
} from '../contract/webhooks';
import type { FeedClick } from '../storage/repositories/eventFeed';
import type { MessageBody } from '../storage/repositories/messageBody';
import type { NewMessage } from '../storage/repositories/webhookOutbox';
import { isInAppSource } from '../visits/inAppBrowser';

/**
 * A new `webhook-id`: `msg_` and 122 random bits. From node:crypto's randomUUID, which draws on a
 * cache of random bytes it refills a few KB at a time; randomBytes asks the kernel on each call,
 * about 25 µs here, paid by every message of the webhooks and the broker (docs/performance.md#events).
 */
export function newMessageId(): string {
  return `msg_${Buffer.from(crypto.randomUUID().replaceAll('-', ''), 'hex').toString('base64url')}`;
}

/** The clicks' kept JSON texts as a message's body reads them (clickTexts.ts). */
export interface KeptTexts {
  /** `eventClick(click, false)` as JSON text. */
  text(click: FeedClick): string;
  /** The UTF-8 length of `text(click)`, its bytes kept. */
  byteLength(click: FeedClick): number;
  /** Copies the UTF-8 bytes of `text(click)` into `target` at `at`; how many. */
  copy(click: FeedClick, target: Buffer, at: number): number;
}

/** A `link.clicked` message's `data`: its clicks, whose JSON texts are kept (clickTexts.ts) and written into the body as they are. */
export class ClickTextsData {
  constructor(
    readonly clicks: readonly FeedClick[],
    readonly texts: KeptTexts,
  ) {}
}

const CLICKS_MARK = '__me_click_texts__';
/** The mark as JSON writes it. */
const MARK_TEXT = `"${CLICKS_MARK}"`;

/** The body's JSON around a ClickTextsData `data` (its last key): the text before the clicks' texts, and after. */
function clicksShell(body: { data: unknown }): [string, string] {
  const shell = JSON.stringify({ ...body, data: CLICKS_MARK });
  const at = shell.lastIndexOf(MARK_TEXT);
  return [`${shell.slice(0, at)}{"clicks":[`, `]}${shell.slice(at + MARK_TEXT.length)}`];
}

const COMMA = ','.charCodeAt(0);

/**
 * JSON.stringify(body), with a ClickTextsData `data` written as `{"clicks":[...]}` from its texts
 * (the same text as the clicks' objects would give, without making them again) and as UTF-8 bytes:
 * the kept texts' bytes copied into one buffer of the exact size, so that a message of 100 clicks
 * (about 30 KB) is neither joined into a string nor encoded again to be sent (messageBody.ts).
 */
export function bodyOf<T extends { data: unknown }>(body: T): MessageBody {
  if (!(body.data instanceof ClickTextsData)) return JSON.stringify(body);
  const { clicks, texts } = body.data;
  const [before, after] = clicksShell(body);
  let size = Buffer.byteLength(before) + Buffer.byteLength(after) + Math.max(0, clicks.length - 1);
  for (const click of clicks) size += texts.byteLength(click);
  const bytes = Buffer.allocUnsafe(size);
  let at = bytes.write(before, 0);
  for (let i = 0; i < clicks.length; i++) {
    if (i > 0) bytes[at++] = COMMA;
    at += texts.copy(clicks[i]!, bytes, at);
  }
  bytes.write(after, at);
  return bytes;
}

/** The JSON text a message signs and sends (as bytes for clicks' texts, bodyOf). */
export function messageBody(
  type: WebhookEvent,
  now: number,
  data: unknown,
  origin: EventOrigin = NO_ORIGIN,
): MessageBody {
  const { team_id, actor } = origin;
  return bodyOf({
    type,
    team_id,
    actor,
    timestamp: new Date(now).toISOString(),
    data,
  } satisfies WebhookPayload);
}

export function newMessage(
  webhookId: number,
  type: WebhookEvent,
  now: number,
  data: unknown,
  origin: EventOrigin = NO_ORIGIN,
): NewMessage {
  return {
    webhook_id: webhookId,
    message_id: newMessageId(),
    type,
    body: messageBody(type, now, data, origin),
    created_at: now,
  };
}

/** A stored click as events carry it; `withAddress` adds `ip` (the administrator's stream). */
export function eventClick(click: FeedClick, withAddress: boolean): EventClick {
  const event: EventClick = {
    id: click.id,
    link_id: Number(click.link_id),
    short_code: click.short_code,
    domain: click.domain,
    clicked_at: Number(click.clicked_at),
    country: click.country,
    city: click.city,
    device_type: click.device_type,
    os: click.os,
    browser: click.browser,
    referrer: click.referrer_source,
    in_app: isInAppSource(click.referrer_source),
  };
  if (withAddress) event.ip = click.ip_address;
  return event;
}
