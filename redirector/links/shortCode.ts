/** Short-code rules (CONTRACT §3). Pure: no storage, no I/O. */
import { randomInt } from 'node:crypto';

export const SHORT_CODE_MAX_LENGTH = 64;
export const RANDOM_SHORT_CODE_LENGTH = 6;

const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Paths the service answers itself; compared case-insensitively. */
export const RESERVED_SHORT_CODES: readonly string[] = [
  'api',
  'admin',
  'login',
  'register',
  'dashboard',
  'test-storage',
  'assets',
  'static',
  'healthz',
  'metrics',
  'favicon.ico',
  'robots.txt',
];

const reserved = new Set(RESERVED_SHORT_CODES);

export function isReservedShortCode(shortCode: string): boolean {
  return reserved.has(shortCode.toLowerCase());
}

/** The reason a chosen short code is not allowed, or undefined when it is. Case is kept: codes are case-sensitive. */
export function shortCodeProblem(shortCode: string): string | undefined {
  if (shortCode.length === 0) return 'Short code is required';
  if (shortCode.length > SHORT_CODE_MAX_LENGTH) {
    return `Short code must be at most ${SHORT_CODE_MAX_LENGTH} characters`;
  }
  if (!SHORT_CODE_PATTERN.test(shortCode)) {
    return 'Short code may only contain letters, digits, hyphens (-) and underscores (_)';
  }
  if (isReservedShortCode(shortCode)) return `"${shortCode}" is reserved and can't be used as a short code`;
  return undefined;
}

/** A random code of letters and digits from the crypto generator; never a reserved word. */
export function randomShortCode(length = RANDOM_SHORT_CODE_LENGTH): string {
  for (;;) {
    let shortCode = '';
    for (let i = 0; i < length; i++) shortCode += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
    if (!isReservedShortCode(shortCode)) return shortCode;
  }
}
