/**
 * The token a hub page's buttons carry (docs/api.md#hub-clicks): `<minute>.<mac>`, the minute the
 * page was rendered (base 36, minutes since the epoch) and an HMAC-SHA-256 of the hub's handle and
 * that minute under the server's hub key (privacy/keptSecret.ts: one key for every instance on a
 * PostgreSQL database). A click counts for the hub only with a token of the link owner's hub whose
 * minute is less than an hour old; the token is checked from memory, with no database read.
 *
 * The minute is floored, never rounded up, so a token is never younger than the page that carries
 * it: "less than an hour old" means the page was rendered within the last hour.
 */
import crypto from 'node:crypto';

/** The query parameter (and the password form's hidden field) that carries the token. */
export const HUB_TOKEN_PARAMETER = 'me_hub';
export const HUB_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** Another instance's clock may run a little ahead of this one's. */
const CLOCK_SKEW_MS = 5 * MINUTE_MS;
/** 128 bits of the MAC, 22 characters of base64url. */
const MAC_BYTES = 16;
const TOKEN_SHAPE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

/** Whether `value` is shaped like a token: safe to echo in a page, worth checking. */
export function isHubTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** The minute a page rendered at `now` names in its tokens: a rendered page is kept for that minute only. */
export function tokenMinuteOf(now: number): number {
  return Math.floor(now / MINUTE_MS);
}

export interface HubClickTokens {
  /** The token of `handle`'s page rendered in `minute` (tokenMinuteOf). */
  issue(handle: string, minute: number): string;
  /** Whether `token` belongs to `handle`'s page rendered less than an hour before `now`. */
  verify(token: string, handle: string, now: number): boolean;
}

export function hubClickTokens(key: Buffer): HubClickTokens {
  const macOf = (handle: string, minute: string) =>
    crypto.createHmac('sha256', key).update(`hub-click\n${handle}\n${minute}`).digest().subarray(0, MAC_BYTES);
  return {
    issue(handle, minute) {
      const stamp = minute.toString(36);
      return `${stamp}.${macOf(handle, stamp).toString('base64url')}`;
    },
    verify(token, handle, now) {
      const shaped = TOKEN_SHAPE.exec(token);
      if (!shaped) return false;
      const stamp = shaped[1]!;
      const issuedAt = Number.parseInt(stamp, 36) * MINUTE_MS;
      if (now - issuedAt >= HUB_TOKEN_LIFETIME_MS || issuedAt > now + CLOCK_SKEW_MS) return false;
      // Compared as written: base64url's last character has spare bits, so two spellings decode alike.
      const expected = Buffer.from(macOf(handle, stamp).toString('base64url'));
      return crypto.timingSafeEqual(Buffer.from(shaped[2]!), expected);
    },
  };
}
