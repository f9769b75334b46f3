/**
 * The JSON text of each click as events carry it (docs/api.md#webhooks), made once and shared by
 * the webhooks' messages, the broker's and the live streams of one server: all three carry every
 * new click, and making its text was a large part of what each spent on it
 * (docs/performance.md#events). A text holds the link's short code and domain, which may change:
 * a kept text serves only while they are the same.
 */

import { flat } from '../flatString';
import { oldestFirst } from '../oldestFirst';
import type { FeedClick } from '../storage/repositories/eventFeed';
import { clickJson } from './clickJson';
import { eventClick } from './eventMessages';

/** Texts kept at most (the oldest dropped first): about the clicks of the last second or two under load. */
export const CLICK_TEXTS_KEPT = 20_000;

interface Kept {
  short_code: string;
  domain: string | null;
  text: string;
}

export interface ClickTexts {
  /** `eventClick(click, false)` as JSON text (webhooks, the broker, a team's streams). */
  text(click: FeedClick): string;
  /** `eventClick(click, true)` as JSON text (the administrator's streams): `ip` last, as there. */
  withAddress(click: FeedClick): string;
}

/** One server's texts: click ids are its own database's. */
export function createClickTexts(keep = CLICK_TEXTS_KEPT): ClickTexts {
  const kept = new Map<number, Kept>();
  const dropOldest = oldestFirst(kept);
  function text(click: FeedClick): string {
    const hit = kept.get(click.id);
    if (hit !== undefined && hit.short_code === click.short_code && hit.domain === click.domain) return hit.text;
    // Kept for a second or two, so one string, not the tree of its pieces (flatString.ts).
    const made = flat(clickJson(click));
    kept.delete(click.id);
    kept.set(click.id, { short_code: click.short_code, domain: click.domain, text: made });
    if (kept.size > keep) dropOldest();
    return made;
  }
  return {
    text,
    withAddress(click) {
      if (click.ip_address === undefined) return JSON.stringify(eventClick(click, true));
      return `${text(click).slice(0, -1)},"ip":${JSON.stringify(click.ip_address)}}`;
    },
  };
}
