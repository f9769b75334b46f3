/**
 * Links with their owners (CONTRACT §3). Ownership is enforced here: a user reaches only their own
 * links, and another user's link is "not found" so its existence is not revealed. Every write
 * invalidates the short code in the redirect path's cache (which also remembers misses).
 */
import type { Link } from '../contract/links';
import { invalidInput, notFoundRule, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import type { LinkRecord, LinkWithCounts } from '../storage/records';
import type { Store } from '../storage/store';
import type { LinkCache } from './linkCache';
import { toApiLink } from './linkPresenter';
import { checkOptionAddresses, type LinkFieldChanges, type NewLinkFields } from './linkValidation';
import { randomShortCode, shortCodeProblem } from './shortCode';

/** Who acts: the administrator (every link; creates links without an owner) or one user. */
export type LinkOwner = { kind: 'admin' } | { kind: 'user'; userId: number };

export const ADMIN: LinkOwner = { kind: 'admin' };
export const userOwner = (userId: number): LinkOwner => ({ kind: 'user', userId });

export const LINK_NOT_FOUND = 'Link not found';
export const SHORT_CODE_TAKEN = 'This short code is already taken';
export const SHORT_CODE_UNCHANGEABLE = "The short code can't be changed after the link is created";

const RANDOM_ATTEMPTS = 20;

export interface LinkService {
  /** Newest first, with counts, in one query. */
  list(owner: LinkOwner): Promise<Link[]>;
  /** The link when the owner may see it; RuleError 404 otherwise. */
  get(owner: LinkOwner, id: number): Promise<Link>;
  /** The stored link when the owner may see it; RuleError 404 otherwise (for analytics and the like). */
  findOwned(owner: LinkOwner, id: number): Promise<LinkRecord>;
  create(owner: LinkOwner, fields: NewLinkFields): Promise<Link>;
  update(owner: LinkOwner, id: number, changes: LinkFieldChanges): Promise<Link>;
  /** Deletes the link and its clicks. */
  delete(owner: LinkOwner, id: number): Promise<void>;
}

const NO_COUNTS = { total_clicks: 0, unique_visitors: 0, blocked_visitors: 0 };

function mayAccess(owner: LinkOwner, link: LinkRecord): boolean {
  return owner.kind === 'admin' || link.user_id === owner.userId;
}

export function createLinkService(deps: { store: Store; clock: () => number; linkCache: LinkCache }): LinkService {
  const { store, clock, linkCache } = deps;

  async function findOwned(owner: LinkOwner, id: number): Promise<LinkRecord> {
    const link = await store.links.findById(id);
    if (!link || !mayAccess(owner, link)) throw notFoundRule(LINK_NOT_FOUND);
    return link;
  }

  async function withCounts(link: LinkRecord): Promise<Link> {
    const counts = await store.links.counts(link.id);
    return toApiLink({ ...link, ...counts });
  }

  async function insert(owner: LinkOwner, fields: NewLinkFields, shortCode: string): Promise<LinkRecord> {
    const link = await store.links.create({
      user_id: owner.kind === 'user' ? owner.userId : null,
      title: fields.title,
      target_url: fields.target_url,
      short_code: shortCode,
      enable_tiktok_bypass: fields.enable_tiktok_bypass,
      enable_country_redirect: fields.enable_country_redirect,
      country_redirect_url: fields.country_redirect_url,
      enable_instagram_exit: fields.enable_instagram_exit,
      instagram_exit_url: fields.instagram_exit_url,
      created_at: clock(),
    });
    // The cache may remember this code as a miss from an earlier visit.
    linkCache.invalidate(shortCode);
    return link;
  }

  async function insertWithRandomCode(owner: LinkOwner, fields: NewLinkFields): Promise<LinkRecord> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await insert(owner, fields, randomShortCode());
      } catch (error) {
        if (!(error instanceof UniqueViolation) || attempt >= RANDOM_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async list(owner) {
      const links: LinkWithCounts[] = await store.links.list(owner.kind === 'user' ? { userId: owner.userId } : {});
      return links.map(toApiLink);
    },

    async get(owner, id) {
      return withCounts(await findOwned(owner, id));
    },

    findOwned,

    async create(owner, fields) {
      checkOptionAddresses(fields);
      let link: LinkRecord;
      if (fields.short_code === undefined) {
        link = await insertWithRandomCode(owner, fields);
      } else {
        const problem = shortCodeProblem(fields.short_code);
        if (problem) throw invalidInput(problem);
        try {
          link = await insert(owner, fields, fields.short_code);
        } catch (error) {
          if (error instanceof UniqueViolation) throw taken(SHORT_CODE_TAKEN);
          throw error;
        }
      }
      return toApiLink({ ...link, ...NO_COUNTS });
    },

    async update(owner, id, changes) {
      const existing = await findOwned(owner, id);
      if (changes.short_code !== undefined && changes.short_code !== existing.short_code) {
        throw invalidInput(SHORT_CODE_UNCHANGEABLE);
      }
      const { short_code: _unchanged, ...columns } = changes;
      checkOptionAddresses({ ...existing, ...columns });
      linkCache.invalidate(existing.short_code);
      const updated = await store.links.update(id, columns);
      // Again after the write: a redirect may have cached the old row while the update was under way.
      linkCache.invalidate(existing.short_code);
      if (!updated) throw notFoundRule(LINK_NOT_FOUND);
      return withCounts(updated);
    },

    async delete(owner, id) {
      const existing = await findOwned(owner, id);
      linkCache.invalidate(existing.short_code);
      await store.links.delete(id);
      linkCache.invalidate(existing.short_code);
    },
  };
}
