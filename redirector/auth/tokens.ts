import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** A new random token: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A session's public id: names it in the user's list, proves nothing. */
export function newSessionId(): string {
  return randomBytes(12).toString('hex');
}

/** Tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two strings (by their SHA-256, so lengths leak nothing). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

const ADMIN_TOKEN_RANDOM_BYTES = 16;
const ADMIN_TOKEN_TAG_BYTES = 16;

function adminTokenTag(random: Buffer, adminKey: string): Buffer {
  return createHmac('sha256', adminKey)
    .update('me admin session\0')
    .update(random)
    .digest()
    .subarray(0, ADMIN_TOKEN_TAG_BYTES);
}

/**
 * An admin session token: 128 random bits and a tag of them keyed by the admin key, so that a token
 * made with one key is worthless once ADMIN_KEY changes (no schema change, nothing to migrate; the
 * session row is still needed for expiry and logout).
 */
export function newAdminSessionToken(adminKey: string): string {
  const random = randomBytes(ADMIN_TOKEN_RANDOM_BYTES);
  return Buffer.concat([random, adminTokenTag(random, adminKey)]).toString('base64url');
}

/** True when `token` was made by newAdminSessionToken with this `adminKey`. Constant time. */
export function madeWithAdminKey(token: string, adminKey: string): boolean {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== ADMIN_TOKEN_RANDOM_BYTES + ADMIN_TOKEN_TAG_BYTES) return false;
  const random = raw.subarray(0, ADMIN_TOKEN_RANDOM_BYTES);
  return timingSafeEqual(raw.subarray(ADMIN_TOKEN_RANDOM_BYTES), adminTokenTag(random, adminKey));
}
