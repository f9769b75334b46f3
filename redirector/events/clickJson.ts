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
    `"clicked_at":${clickedAt},"country":${quote(click.country)},"city":${quote(click.city)},` +
    `"device_type":${quote(click.device_type)},"os":${quote(click.os)},"browser":${quote(click.browser)},` +
    `"referrer":${quote(referrer)},"in_app":${isInAppSource(referrer)}}`
  );
}

const bytesOf = (text: string) => Buffer.from(text, 'latin1');
/** clickJson's fixed parts as bytes, in their order. */
const ID = bytesOf('{"id":');
const LINK_ID = bytesOf(',"link_id":');
const SHORT_CODE = bytesOf(',"short_code":');
const DOMAIN = bytesOf(',"domain":');
const CLICKED_AT = bytesOf(',"clicked_at":');
const COUNTRY = bytesOf(',"country":');
const CITY = bytesOf(',"city":');
const DEVICE = bytesOf(',"device_type":');
const OS = bytesOf(',"os":');
const BROWSER = bytesOf(',"browser":');
const REFERRER = bytesOf(',"referrer":');
const IN_APP = bytesOf(',"in_app":');
const TRUE_END = bytesOf('true}');
const FALSE_END = bytesOf('false}');
const NULL = bytesOf('null');
const FIXED_BYTES = [ID, LINK_ID, SHORT_CODE, DOMAIN, CLICKED_AT, COUNTRY, CITY, DEVICE, OS, BROWSER, REFERRER, IN_APP]
  .map((part) => part.length)
  .reduce((sum, length) => sum + length, FALSE_END.length);
/** JSON writes a UTF-16 unit in at most 6 bytes (`\uXXXX`); a number here (id, link id, time) in at most 16 digits. */
const MOST_BYTES_PER_UNIT = 6;
const NUMBERS_BYTES = 3 * 16;
const QUOTE = 0x22;

const plainNumber = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** A string's UTF-16 units, `null`'s 4; read as writeString reads it (typed as a string: no megamorphic load). */
const unitsOf = (value: string | null) => (value === null ? 4 : `${value}`.length);

/**
 * The most bytes writeClickJson may write for the click; undefined when it does not write it
 * (a field of another type, a number written otherwise: clickJson's text is used).
 */
export function clickJsonMostBytes(click: FeedClick): number | undefined {
  // As clickJson reads them: PostgreSQL's bigint columns come as text.
  const plain = typed(click) && plainNumber(click.id) && plainNumber(Number(click.link_id));
  if (!plain || !plainNumber(Number(click.clicked_at))) return undefined;
  const units =
    unitsOf(click.short_code) +
    unitsOf(click.domain) +
    unitsOf(click.country) +
    unitsOf(click.city) +
    unitsOf(click.device_type) +
    unitsOf(click.os) +
    unitsOf(click.browser) +
    unitsOf(click.referrer_source);
  return FIXED_BYTES + NUMBERS_BYTES + 2 * 8 + units * MOST_BYTES_PER_UNIT;
}

/**
 * Copies a few bytes (a fixed part) into `target` at `at`; the offset after them. A loop:
 * Buffer's copy checks its arguments and may make a view on each call, for a part of a few bytes.
 */
function put(target: Buffer, at: number, bytes: Uint8Array): number {
  const length = bytes.length;
  for (let i = 0; i < length; i++) target[at + i] = bytes[i]!;
  return at + length;
}

/** The link's string fields (before the time), each after its name's bytes (writeString); the offset after them. */
function writeLinkFields(target: Buffer, at: number, click: FeedClick): number {
  const to = writeString(target, put(target, at, SHORT_CODE), click.short_code);
  return writeString(target, put(target, to, DOMAIN), click.domain);
}

/**
 * The visit's string fields (after the time), each after its name's bytes; the offset after them.
 * Named one by one: read as `click[name]` over a list of names, each read went through V8's
 * megamorphic keyed load (docs/performance.md#events).
 */
function writeVisitFields(target: Buffer, at: number, click: FeedClick): number {
  let to = writeString(target, put(target, at, COUNTRY), click.country);
  to = writeString(target, put(target, to, CITY), click.city);
  to = writeString(target, put(target, to, DEVICE), click.device_type);
  to = writeString(target, put(target, to, OS), click.os);
  to = writeString(target, put(target, to, BROWSER), click.browser);
  return writeString(target, put(target, to, REFERRER), click.referrer_source);
}

/** Writes a whole number's digits at `at` (a safe integer ≥ 0, as String() would); the offset after them. */
export function writeNumber(target: Buffer, at: number, value: number): number {
  let length = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
  for (let i = length - 1, rest = value; i >= 0; i--, rest = Math.floor(rest / 10)) target[at + i] = 48 + (rest % 10);
  return at + length;
}

/** The most bytes writeString may write for `value`: its quotes and each unit in at most 6 bytes. */
export const stringMostBytes = (value: string | null): number => (unitsOf(value) + 2) * MOST_BYTES_PER_UNIT;

/**
 * Writes a string or null as JSON.stringify would, as UTF-8; the offset after it. The clicks'
 * strings come in several of V8's representations (sequential, sliced, concatenated, internalized,
 * thin), so `value.length` and `value.charCodeAt` were megamorphic property loads and a generic call
 * for every character, about 2 µs a click's text in the server's profile. `${value}` is the same
 * string, typed as one for the compiler: its length is read directly and `charCodeAt` called as
 * the one known function (docs/performance.md#events).
 */
export function writeString(target: Buffer, at: number, value: string | null): number {
  if (value === null) return put(target, at, NULL);
  const text = `${value}`;
  const length = text.length;
  target[at] = QUOTE;
  let to = at + 1;
  for (let i = 0; i < length; i++) {
    const unit = String.prototype.charCodeAt.call(text, i);
    // Past plain ASCII (a character JSON escapes, or one of more bytes): JSON.stringify's text, encoded.
    if (unit < 0x20 || unit === QUOTE || unit === 0x5c || unit >= 0x80) {
      return at + target.write(JSON.stringify(text), at, 'utf8');
    }
    target[to++] = unit;
  }
  target[to] = QUOTE;
  return to + 1;
}

/**
 * clickJson(click)'s UTF-8 bytes written into `target` at `at` with no text made (docs/performance.md#events):
 * the click's text was the largest part of what the events allocated. Only for a click
 * clickJsonMostBytes answers, with that many bytes free from `at`; the offset after them.
 */
export function writeClickJson(click: FeedClick, target: Buffer, at: number): number {
  let to = put(target, at, ID);
  to = writeNumber(target, to, click.id);
  to = put(target, to, LINK_ID);
  to = writeNumber(target, to, Number(click.link_id));
  to = writeLinkFields(target, to, click);
  to = put(target, to, CLICKED_AT);
  to = writeNumber(target, to, Number(click.clicked_at));
  to = writeVisitFields(target, to, click);
  to = put(target, to, IN_APP);
  return put(target, to, isInAppSource(click.referrer_source) ? TRUE_END : FALSE_END);
}
