/**
 * `JSON.stringify(eventClick(click, false))` written out field by field: the same text, character
 * for character, at less than half its CPU (docs/performance.md#the-bytes-of-each-click-to-the-streams).
 * Every new click's text is made once per server and carried by the webhooks, the broker and the
 * streams (clickTexts.ts).
 */
import type { FeedClick } from '../storage/repositories/eventFeed';
import { isInAppSource } from '../visits/inAppBrowser';
import { eventClick } from './eventMessages';

/** What JSON.stringify writes other than as itself: `"`, `\`, control characters, surrogates (escaped when lone). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const NOT_PLAIN = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string or null as JSON.stringify writes it. */
const quote = (value: string | null): string =>
  value === null ? 'null' : NOT_PLAIN.test(value) ? JSON.stringify(value) : `"${value}"`;

/** The largest time a Date holds (ECMAScript's time range, ±100,000,000 days). */
const MAX_TIME = 8.64e15;
/** The minute of the last time written (its start in ms) and its text up to the seconds. */
let minuteStart = Number.NaN;
let minuteText = '';

/**
 * `new Date(ms).toISOString()`, its `YYYY-MM-DDTHH:mm:` kept from the last call: the clicks of a
 * read fall in a few minutes, and Date's own formatting was a third of a click's text.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || Math.abs(ms) > MAX_TIME) return new Date(ms).toISOString();
  const start = ms - (((ms % 60_000) + 60_000) % 60_000);
  if (start !== minuteStart) {
    // Throws for a time Date cannot hold, as toISOString does; `ss.sssZ` is the last 7 characters.
    minuteText = new Date(start).toISOString().slice(0, -7);
    minuteStart = start;
  }
  const inMinute = ms - start;
  const seconds = Math.floor(inMinute / 1000);
  const millis = inMinute % 1000;
  return `${minuteText}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

const maybe = (value: unknown) => value === null || typeof value === 'string';

/** True when each field has the type FeedClick gives it (else the general path, whatever a row holds). */
function typed(click: FeedClick): boolean {
  return (
    typeof click.id === 'number' &&
    typeof click.short_code === 'string' &&
    typeof click.country === 'string' &&
    typeof click.device_type === 'string' &&
    maybe(click.domain) &&
    maybe(click.city) &&
    maybe(click.os) &&
    maybe(click.browser) &&
    maybe(click.referrer_source)
  );
}

/** The click's JSON as events carry it, without the address. */
export function clickJson(click: FeedClick): string {
  const linkId = Number(click.link_id);
  const clickedAt = Number(click.clicked_at);
  if (!typed(click) || !Number.isFinite(click.id) || !Number.isFinite(linkId) || !Number.isFinite(clickedAt))
    return JSON.stringify(eventClick(click, false));
  const referrer = click.referrer_source;
  return (
    `{"id":${click.id},"link_id":${linkId},"short_code":${quote(click.short_code)},"domain":${quote(click.domain)},` +
    `"clicked_at":"${isoTime(clickedAt)}","country":${quote(click.country)},"city":${quote(click.city)},` +
    `"device_type":${quote(click.device_type)},"os":${quote(click.os)},"browser":${quote(click.browser)},` +
    `"referrer":${quote(referrer)},"in_app":${isInAppSource(referrer)}}`
  );
}
