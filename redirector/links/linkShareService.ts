/**
 * Shared stats pages (docs/api.md#shared-stats): the owner makes, lists and revokes a link's
 * shares; a page's token is 32 random bytes, of which only the sha256 is stored, so neither the
 * database nor a log can give one back. A share's page is found by its token, and only while the
 * share exists and has not expired.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Scope } from '../auth/scope';
import { linkPasswordProblem, parseExpiry } from '../contract/linkOptions';
import { type LinkShare, MAX_SHARES_PER_LINK, SHARED_STATS_PATH } from '../contract/linkShares';
import { isoTimeOrNull } from '../contract/times';
import { invalidInput, notFoundRule, taken } from '../ruleError';
import type { LinkShareRecord, SharedLinkRecord } from '../storage/repositories/linkShareRepository';
import type { Store } from '../storage/store';
import { LINK_NOT_FOUND, type LinkReads } from './linkReads';

export const SHARE_NOT_FOUND = 'Share not found';
export const TOO_MANY_SHARES = `A link has at most ${MAX_SHARES_PER_LINK} shares: revoke one first`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface LinkShareService {
  create(scope: Scope, linkId: number, input: unknown): Promise<LinkShare>;
  list(scope: Scope, linkId: number): Promise<LinkShare[]>;
  revoke(scope: Scope, linkId: number, shareId: number): Promise<void>;
  /**
   * The live share a page token names, with whether its link's owner is disabled; undefined for an
   * unknown, revoked or expired one.
   */
  byToken(token: string): Promise<SharedLinkRecord | undefined>;
}

export interface LinkShareDeps {
  store: Store;
  clock: () => number;
  links: Pick<LinkReads, 'findOwned'>;
  publicUrl: string;
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function toApiShare(record: LinkShareRecord, url: string | null): LinkShare {
  return {
    id: record.id,
    url,
    has_password: record.password_hash !== null,
    expires_at: isoTimeOrNull(record.expires_at),
    created_at: new Date(record.created_at).toISOString(),
  };
}

/** `{password?, expires_at?}`, checked: a password of 4–128 characters, a future ISO time with its zone. */
async function parseInput(input: unknown, now: number) {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw invalidInput('Send a JSON object');
  const { password, expires_at: expiresAt } = input as Record<string, unknown>;
  let passwordHash: string | null = null;
  if (password !== undefined && password !== null && password !== '') {
    if (typeof password !== 'string') throw invalidInput('password must be a string');
    const problem = linkPasswordProblem(password);
    if (problem) throw invalidInput(problem);
    passwordHash = await hashPassword(password);
  }
  let expires: number | null = null;
  if (expiresAt !== undefined && expiresAt !== null) {
    const time = typeof expiresAt === 'string' ? parseExpiry(expiresAt) : undefined;
    if (time === undefined) throw invalidInput('expires_at must be an ISO 8601 time with its zone, or null');
    if (time <= now) throw invalidInput('expires_at must be in the future');
    expires = time;
  }
  return { passwordHash, expires };
}

export function createLinkShareService(deps: LinkShareDeps): LinkShareService {
  const { store, clock, links } = deps;
  return {
    async create(scope, linkId, input) {
      const link = await links.findOwned(scope, linkId);
      const { passwordHash, expires } = await parseInput(input, clock());
      const token = randomBytes(32).toString('base64url');
      const share = {
        link_id: link.id,
        token_hash: tokenHashOf(token),
        password_hash: passwordHash,
        expires_at: expires,
        created_at: clock(),
      };
      // Counted with the write: parallel calls never pass the limit (docs/api.md#shared-stats).
      const record = await store.linkShares.create(share, MAX_SHARES_PER_LINK);
      if (record === 'limit') throw taken(TOO_MANY_SHARES);
      if (record === 'gone') throw notFoundRule(LINK_NOT_FOUND);
      return toApiShare(record, `${deps.publicUrl}${SHARED_STATS_PATH}${token}`);
    },
    async list(scope, linkId) {
      const link = await links.findOwned(scope, linkId);
      return (await store.linkShares.list(link.id)).map((record) => toApiShare(record, null));
    },
    async revoke(scope, linkId, shareId) {
      const link = await links.findOwned(scope, linkId);
      if (!(await store.linkShares.remove(link.id, shareId))) throw notFoundRule(SHARE_NOT_FOUND);
    },
    async byToken(token) {
      if (!TOKEN.test(token)) return undefined;
      const record = await store.linkShares.findByToken(tokenHashOf(token));
      if (!record || (record.expires_at !== null && clock() >= record.expires_at)) return undefined;
      return record;
    },
  };
}
