/**
 * An answer to a link's password form (docs/api.md#link-options), behind two limits: 10 wrong
 * answers per client address and link within 15 minutes, and 100 wrong answers per link within an
 * hour from every address together. Each reserves its place before the slow hash and counts it
 * after, so answers sent at once never get past either limit; while either refuses, right
 * passwords are refused too.
 *
 * The length is counted in code points, as when the password is set; anything outside 4–128 is
 * wrong without hashing.
 */
import type { IncomingMessage } from 'node:http';
import type { AttemptLimiter } from '../auth/attemptLimiter';
import { clientKeyOf } from '../auth/clientKey';
import { verifyPassword } from '../auth/passwords';
import { isValidLinkPassword } from '../contract/linkOptions';
import type { PasswordCheck } from './visitDecision';
import { clientAddress } from './visitor';

export interface LinkPasswordLimiters {
  /** Keyed by client key (auth/clientKey.ts, of the full address) and link id. */
  linkPasswords: AttemptLimiter;
  /** Keyed by link id. */
  linkPasswordTotals: AttemptLimiter;
}

export function linkTotalKey(linkId: number): string {
  return String(linkId);
}

const RIGHT: PasswordCheck = { kind: 'right' };
const WRONG: PasswordCheck = { kind: 'wrong' };

function refused(retryAfterMs: number): PasswordCheck {
  return { kind: 'refused', retryAfterMs };
}

/** What a password-protected thing (a link, a shared statistics page) is limited and checked by; no hash: every answer is wrong. */
export interface PasswordProtected {
  id: number;
  password_hash: string | null;
}

/**
 * The password a request sent. Its client is limited by the full address's key (hashed by the
 * limiters when ANONYMIZE_IPS is on), never by the stored one.
 */
export function checkRequestPassword(
  limiters: LinkPasswordLimiters,
  req: IncomingMessage,
  trustProxy: boolean,
  protectedBy: PasswordProtected,
  password: string,
): Promise<PasswordCheck> {
  const clientKey = clientKeyOf(clientAddress(req, trustProxy));
  return checkLinkPassword(limiters, protectedBy, clientKey, password);
}

async function checkLinkPassword(
  limiters: LinkPasswordLimiters,
  link: PasswordProtected,
  clientKey: string,
  password: string,
): Promise<PasswordCheck> {
  const visitor = await limiters.linkPasswords.reserve(`${clientKey} ${link.id}`);
  if (!visitor.granted) return refused(visitor.retryAfterMs);
  // Counted for the address only once the password was checked and found wrong.
  let wrong = false;
  try {
    const total = await limiters.linkPasswordTotals.reserve(linkTotalKey(link.id));
    if (!total.granted) return refused(total.retryAfterMs);
    let right = false;
    try {
      right = await matches(password, link.password_hash);
    } finally {
      total.settle(!right);
    }
    wrong = !right;
    return right ? RIGHT : WRONG;
  } finally {
    visitor.settle(wrong);
  }
}

async function matches(password: string, passwordHash: string | null): Promise<boolean> {
  if (passwordHash === null || !isValidLinkPassword(password)) return false;
  return verifyPassword(password, passwordHash);
}

/** When the link's form takes answers again after too many wrong ones (ISO 8601), or null (docs/api.md#link-options). */
export async function passwordLockedUntil(
  limiters: Pick<LinkPasswordLimiters, 'linkPasswordTotals'>,
  linkId: number,
  now: number,
): Promise<string | null> {
  const refusedFor = await limiters.linkPasswordTotals.refusedFor(linkTotalKey(linkId));
  return refusedFor > 0 ? new Date(now + refusedFor).toISOString() : null;
}
