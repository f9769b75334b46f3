/**
 * The JSON text of each click as events carry it (docs/api.md#webhooks), made once and shared by
 * the webhooks' messages, the broker's and the live streams of one server: all three carry every
 * new click, and making its text was a large part of what each spent on it
 * (docs/performance.md#events). A text holds the link's short code and domain, which may change:
 * a kept text serves only while they are the same.
 *
 * The texts are kept as their UTF-8 bytes in one ring outside the JavaScript heap, each in the slot
 * of its click id: a kept string lived a second or two, long enough for the collector to copy and
 * promote every one (docs/performance.md#what-the-events-allocate-and-what-survives), and the
 * streams and the messages want the bytes anyway.
 */

import type { FeedClick } from '../storage/repositories/eventFeed';
import { clickJson, clickJsonMostBytes, writeClickJson } from './clickJson';
import { eventClick, type KeptTexts } from './eventMessages';

/** Texts kept at most: about the clicks of the last second or two under load. */
export const CLICK_TEXTS_KEPT = 20_000;
/** The ring's bytes for each text kept (a text is about 260 bytes; a longer one takes a later one's room). */
const RING_BYTES_PER_TEXT = 512;
/**
 * The ring's least size: far more than a click's text can take (a short code of 64 characters, a
 * domain name of 253, a city, the other fields' few words).
 */
const RING_BYTES_AT_LEAST = 1024 * 1024;

/** The kept texts (text, byteLength, copy: eventMessages.ts KeptTexts), and a text with the address. */
export interface ClickTexts extends KeptTexts {
  /** `eventClick(click, true)` as JSON text (the administrator's streams): `ip` last, as there. */
  withAddress(click: FeedClick): string;
}

/** One server's texts: click ids are its own database's. */
export function createClickTexts(keep = CLICK_TEXTS_KEPT): ClickTexts {
  const ring = Buffer.allocUnsafe(Math.max(keep * RING_BYTES_PER_TEXT, RING_BYTES_AT_LEAST));
  const ids = new Float64Array(keep).fill(-1);
  /** Where each slot's text starts, counted in bytes ever written (its place in the ring: modulo its size). */
  const starts = new Float64Array(keep);
  const lengths = new Int32Array(keep);
  const codes: (string | undefined)[] = new Array(keep);
  const domains: (string | null | undefined)[] = new Array(keep);
  let written = 0;

  /** The slot holding the click's text, made and written first when it is not kept (or no longer whole). */
  function slotOf(click: FeedClick): number {
    const slot = click.id % keep;
    const kept =
      ids[slot] === click.id &&
      codes[slot] === click.short_code &&
      domains[slot] === click.domain &&
      written - starts[slot]! <= ring.length;
    if (kept) return slot;
    // Written as bytes where it can be (no text made), else from clickJson's text.
    const most = clickJsonMostBytes(click);
    const text = most === undefined ? clickJson(click) : undefined;
    const room = most ?? Buffer.byteLength(text!);
    let at = written % ring.length;
    // A text is never split over the ring's end: it starts again at 0.
    if (at + room > ring.length) {
      written += ring.length - at;
      at = 0;
    }
    const length = text === undefined ? writeClickJson(click, ring, at) - at : ring.write(text, at);
    ids[slot] = click.id;
    starts[slot] = written;
    lengths[slot] = length;
    codes[slot] = click.short_code;
    domains[slot] = click.domain;
    written += length;
    return slot;
  }

  const startOf = (slot: number) => starts[slot]! % ring.length;

  function text(click: FeedClick): string {
    const slot = slotOf(click);
    const start = startOf(slot);
    return ring.toString('utf8', start, start + lengths[slot]!);
  }

  return {
    text,
    withAddress(click) {
      if (click.ip_address === undefined) return JSON.stringify(eventClick(click, true));
      return `${text(click).slice(0, -1)},"ip":${JSON.stringify(click.ip_address)}}`;
    },
    byteLength: (click) => lengths[slotOf(click)]!,
    copy(click, target, at) {
      const slot = slotOf(click);
      const start = startOf(slot);
      return ring.copy(target, at, start, start + lengths[slot]!);
    },
  };
}
