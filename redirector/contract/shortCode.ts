/**
 * Short-code rules both sides apply (docs/api.md#links): 1–64 characters of A–Z a–z 0–9 - _,
 * case-sensitive, never a reserved word. Pure and portable: the server and the browser run these.
 */
export const SHORT_CODE_MAX_LENGTH = 64;
export const RANDOM_SHORT_CODE_LENGTH = 6;

const SHORT_CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;
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

/** What is wrong with a chosen short code, as a kind each screen words its own way. */
export type ShortCodeIssue = 'empty' | 'too-long' | 'characters' | 'reserved';

export function shortCodeIssue(shortCode: string): ShortCodeIssue | undefined {
  if (shortCode.length === 0) return 'empty';
  if (shortCode.length > SHORT_CODE_MAX_LENGTH) return 'too-long';
  if (!SHORT_CODE_CHARACTERS.test(shortCode)) return 'characters';
  if (isReservedShortCode(shortCode)) return 'reserved';
  return undefined;
}

/** The server's words for each issue (the API answers these as `error`). */
export function shortCodeProblem(shortCode: string): string | undefined {
  switch (shortCodeIssue(shortCode)) {
    case 'empty':
      return 'Short code is required';
    case 'too-long':
      return `Short code must be at most ${SHORT_CODE_MAX_LENGTH} characters`;
    case 'characters':
      return 'Short code may only contain letters, digits, hyphens (-) and underscores (_)';
    case 'reserved':
      return `"${shortCode}" is reserved and can't be used as a short code`;
    default:
      return undefined;
  }
}

/**
 * A random code of letters and digits from the platform's secure generator (Web Crypto, which
 * Node and browsers both have); never a reserved word.
 */
export function randomShortCode(length = RANDOM_SHORT_CODE_LENGTH): string {
  const bytes = new Uint8Array(length);
  for (;;) {
    let shortCode = '';
    while (shortCode.length < length) {
      globalThis.crypto.getRandomValues(bytes);
      // 248 = 4 × 62: dropping bytes above it keeps every character equally likely.
      for (const byte of bytes) {
        if (byte < 248 && shortCode.length < length) shortCode += RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length];
      }
    }
    if (!isReservedShortCode(shortCode)) return shortCode;
  }
}
