/**
 * The secret of an API key and what is stored of it (docs/api.md#api-keys): `me_` and 40
 * characters of A-Z a-z 0-9 from the system's random source (about 238 bits), kept only as its
 * SHA-256. An administrator's key also carries a tag of its hash keyed by ADMIN_KEY, the way admin
 * session tokens do (auth/tokens.ts), so that all of them die together when the admin key changes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX_LENGTH, API_KEY_SECRET_START } from '../contract/keys';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 40;
/** The largest multiple of 62 a byte can hold: bytes at or above it are dropped, so no letter is likelier. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);
const SECRET_SHAPE = /^me_[A-Za-z0-9]{32,200}$/;

export function newApiKeySecret(): string {
  let random = '';
  while (random.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH * 2)) {
      if (byte < UNBIASED_BELOW && random.length < RANDOM_LENGTH) random += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${API_KEY_SECRET_START}${random}`;
}

/**
 * True for anything shaped like an API key. Other credentials (a session token, the admin key)
 * may look like one by chance, so a miss on a key-shaped credential still tries them.
 */
export function looksLikeApiKey(credential: string): boolean {
  return SECRET_SHAPE.test(credential);
}

export function prefixOf(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX_LENGTH);
}

/** The tag an administrator's key is stored with: made with one ADMIN_KEY, it matches no other. */
export function adminKeyTag(keyHash: string, adminKey: string): string {
  return createHmac('sha256', adminKey).update('me admin api key\0').update(keyHash).digest('hex');
}

/** Constant-time comparison of two hex digests of the same kind. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
