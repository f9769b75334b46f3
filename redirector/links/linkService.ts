/**
 * Links with their owners (docs/api.md#links). Ownership is enforced here: a user reaches only their own
 * links, and another user's link is "not found" so its existence is not revealed. Every write
 * invalidates the short code in the redirect path's cache (which also remembers misses).
 */
import { hashPassword } from '../auth/passwords';
import type { Link } from '../contract/links';
import { type LinkListQuery, linkLimitMessage, type UserLinksPage } from '../contract/lists';
import { invalidInput, notFoundRule, RuleError, taken } from '../ruleError';
import { LinkLimitReached, UniqueViolation } from '../storage/errors';
import type { LinkChanges, LinkRecord, LinkWithCounts } from '../storage/records';
import type { InsertOutcome, NewTaggedLink, Store } from '../storage/store';
import type { LinkCache } from './linkCache';
import { createSelfLinkCheck } from './linkDestinations';
import { type PresentableLink, toApiLink as presentLink } from './linkPresenter';
import { checkOptionAddresses, DOMAIN_NOT_YOURS, type LinkFieldChanges, type NewLinkFields } from './linkValidation';
import { randomShortCode, shortCodeProblem } from './shortCode';

/** Who acts: the administrator (every link; creates links without an owner) or one user. */
export type LinkOwner = { kind: 'admin' } | { kind: 'user'; userId: number };

export const ADMIN: LinkOwner = { kind: 'admin' };
export const userOwner = (userId: number): LinkOwner => ({ kind: 'user', userId });

export const LINK_NOT_FOUND = 'Link not found';
export const SHORT_CODE_TAKEN = 'This short code is already taken';
export const SHORT_CODE_UNCHANGEABLE = "The short code can't be changed after the link is created";

/** A stored link with its tags. */
export type TaggedLink = LinkRecord & { tags: string[] };

/** Links an export reads per query: memory stays flat however many links there are. */
export const EXPORT_BATCH = 500;

export interface LinkService {
  /** One page of the owner's links as the query asks, and how many match; computed in the database. */
  page(owner: LinkOwner, query: LinkListQuery): Promise<{ links: Link[]; total: number }>;
  /** The dashboard cards: every link of the user, whatever a list's filters. */
  totals(userId: number): Promise<UserLinksPage['totals']>;
  /** Every link the owner may see, lowest id first, a batch at a time (exports). */
  batches(owner: LinkOwner): AsyncGenerator<Link[]>;
  /** Tags in use on the owner's links, sorted by name, with their number of links. */
  tags(owner: LinkOwner): Promise<{ name: string; links: number }[]>;
  /**
   * Creates the links in one transaction, in order: each a Link or the reason it was refused
   * (a taken short code, a destination on this service). RuleError 403 (nothing created) beyond
   * the user's link limit.
   */
  createMany(owner: LinkOwner, fields: readonly NewLinkFields[]): Promise<(Link | string)[]>;
  /** The link when the owner may see it; RuleError 404 otherwise. */
  get(owner: LinkOwner, id: number): Promise<Link>;
  /** The stored link when the owner may see it; RuleError 404 otherwise (for analytics and the like). */
  findOwned(owner: LinkOwner, id: number): Promise<TaggedLink>;
  create(owner: LinkOwner, fields: NewLinkFields): Promise<Link>;
  update(owner: LinkOwner, id: number, changes: LinkFieldChanges): Promise<Link>;
  /** Deletes the link and its clicks. */
  delete(owner: LinkOwner, id: number): Promise<void>;
}

const NO_COUNTS = { total_clicks: 0, unique_visitors: 0, blocked_visitors: 0 };

function mayAccess(owner: LinkOwner, link: LinkRecord): boolean {
  return owner.kind === 'admin' || link.user_id === owner.userId;
}

export interface LinkServiceDeps {
  store: Store;
  clock: () => number;
  linkCache: LinkCache;
  /** The most links one user may own (the administrator has no limit). */
  maxLinksPerUser: number;
  /** The host of PUBLIC_URL: no link may point there (nor at a user's custom domain). */
  ownHost: string;
  /** PUBLIC_URL, which short_url is built on. */
  publicUrl: string;
  /** The user's verified custom domain, or null (docs/api.md#custom-domains). */
  verifiedDomainOf: (userId: number) => Promise<string | null>;
}

/** The password as stored: a salted slow hash; null removes it, undefined keeps it. */
async function passwordHashOf(password: string | null | undefined): Promise<string | null | undefined> {
  return typeof password === 'string' ? hashPassword(password) : password;
}

export function createLinkService(deps: LinkServiceDeps): LinkService {
  const { store, clock, linkCache, maxLinksPerUser, publicUrl } = deps;
  const selfLinkProblem = createSelfLinkCheck(deps.ownHost, store.users);
  const toApiLink = (link: PresentableLink) => presentLink(link, publicUrl);

  /**
   * The domain a link of `userId` (null: the administrator's) goes on: null (the default domain) or
   * the owner's verified domain; left out, the owner's verified domain if there is one. A problem
   * otherwise (docs/api.md#custom-domains).
   */
  async function domainFor(
    userId: number | null,
    requested: string | null | undefined,
  ): Promise<{ domain: string | null } | { problem: string }> {
    if (requested === null) return { domain: null };
    const verified = userId === null ? null : await deps.verifiedDomainOf(userId);
    if (requested === undefined) return { domain: verified };
    return requested === verified ? { domain: verified } : { problem: DOMAIN_NOT_YOURS };
  }

  async function domainOrThrow(userId: number | null, requested: string | null | undefined): Promise<string | null> {
    const outcome = await domainFor(userId, requested);
    if ('problem' in outcome) throw invalidInput(outcome.problem);
    return outcome.domain;
  }

  async function checkDestinations(fields: LinkFieldChanges): Promise<void> {
    const problem = await selfLinkProblem(fields);
    if (problem) throw invalidInput(problem);
  }

  async function withTags(link: LinkRecord): Promise<TaggedLink> {
    return { ...link, tags: (await store.links.tagsOf([link.id])).get(link.id) ?? [] };
  }

  async function findOwned(owner: LinkOwner, id: number): Promise<TaggedLink> {
    const link = await store.links.findById(id);
    if (!link || !mayAccess(owner, link)) throw notFoundRule(LINK_NOT_FOUND);
    return withTags(link);
  }

  async function withCounts(link: TaggedLink): Promise<Link> {
    const counts = await store.links.counts(link.id);
    return toApiLink({ ...link, ...counts });
  }

  /** Rows of one query with their tags, in one more query. */
  async function present(rows: readonly LinkWithCounts[]): Promise<Link[]> {
    const tags = await store.links.tagsOf(rows.map((row) => row.id));
    return rows.map((row) => toApiLink({ ...row, tags: tags.get(row.id) ?? [] }));
  }

  const scope = (owner: LinkOwner) => (owner.kind === 'user' ? { userId: owner.userId } : {});

  async function insertAll(owner: LinkOwner, fields: readonly NewLinkFields[]): Promise<InsertOutcome[]> {
    const createdAt = clock();
    const links: NewTaggedLink[] = await Promise.all(
      fields.map(async (field) => ({
        user_id: owner.kind === 'user' ? owner.userId : null,
        title: field.title,
        target_url: field.target_url,
        short_code: field.short_code,
        enable_tiktok_bypass: field.enable_tiktok_bypass,
        enable_country_redirect: field.enable_country_redirect,
        country_redirect_url: field.country_redirect_url,
        enable_instagram_exit: field.enable_instagram_exit,
        instagram_exit_url: field.instagram_exit_url,
        created_at: createdAt,
        domain: field.domain ?? null,
        tags: field.tags,
        forward_query: field.forward_query,
        expires_at: field.expires_at,
        max_clicks: field.max_clicks,
        expired_url: field.expired_url,
        password_hash: (await passwordHashOf(field.password)) ?? null,
        ios_url: field.ios_url,
        android_url: field.android_url,
        geo_targets: field.geo_targets,
      })),
    );
    let outcomes: InsertOutcome[];
    try {
      outcomes = await store.links.insertMany(links, {
        maxLinks: owner.kind === 'user' ? maxLinksPerUser : undefined,
        randomCode: randomShortCode,
      });
    } catch (error) {
      if (error instanceof LinkLimitReached) throw new RuleError(403, linkLimitMessage(error.maxLinks));
      throw error;
    }
    // The cache may remember these codes as misses from earlier visits.
    for (const outcome of outcomes) if (outcome !== 'taken') linkCache.invalidate(outcome.short_code);
    return outcomes;
  }

  return {
    async page(owner, query) {
      const { rows, total } = await store.links.page({
        ...scope(owner),
        q: query.q,
        tag: query.tag,
        sort: query.sort,
        order: query.order,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { links: await present(rows), total };
    },

    totals: (userId) => store.links.totals(userId),

    async *batches(owner) {
      for (let afterId = 0; ; ) {
        const rows = await store.links.batchAfter(scope(owner), afterId, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield await present(rows);
        afterId = rows[rows.length - 1]!.id;
      }
    },

    tags: (owner) => store.links.tagCounts(scope(owner)),

    async createMany(owner, requested) {
      const userId = owner.kind === 'user' ? owner.userId : null;
      const domains = await Promise.all(requested.map((field) => domainFor(userId, field.domain)));
      const fields = requested.map((field, index) => {
        const domain = domains[index]!;
        return 'problem' in domain ? field : { ...field, domain: domain.domain };
      });
      const problems = await Promise.all(
        fields.map(async (field, index) => {
          const domain = domains[index]!;
          return 'problem' in domain ? domain.problem : selfLinkProblem(field);
        }),
      );
      const good = fields.filter((_, index) => problems[index] === undefined);
      const outcomes = (await insertAll(owner, good)).values();
      return fields.map((field, index) => {
        const problem = problems[index];
        if (problem !== undefined) return problem;
        const outcome = outcomes.next().value!;
        return outcome === 'taken' ? SHORT_CODE_TAKEN : toApiLink({ ...outcome, ...NO_COUNTS, tags: field.tags });
      });
    },

    async get(owner, id) {
      return withCounts(await findOwned(owner, id));
    },

    findOwned,

    async create(owner, fields) {
      checkOptionAddresses(fields);
      if (fields.short_code !== undefined) {
        const problem = shortCodeProblem(fields.short_code);
        if (problem) throw invalidInput(problem);
      }
      await checkDestinations(fields);
      const domain = await domainOrThrow(owner.kind === 'user' ? owner.userId : null, fields.domain);
      const [outcome] = await insertAll(owner, [{ ...fields, domain }]);
      if (outcome === 'taken' || outcome === undefined) {
        if (fields.short_code !== undefined) throw taken(SHORT_CODE_TAKEN);
        throw new Error('no free random short code');
      }
      return toApiLink({ ...outcome, ...NO_COUNTS, tags: fields.tags });
    },

    async update(owner, id, changes) {
      const existing = await findOwned(owner, id);
      if (changes.short_code !== undefined && changes.short_code !== existing.short_code) {
        throw invalidInput(SHORT_CODE_UNCHANGEABLE);
      }
      const { short_code: _unchanged, tags, password, domain: requested, ...fields } = changes;
      checkOptionAddresses({ ...existing, ...fields });
      await checkDestinations(fields);
      const domain = requested === undefined ? undefined : await domainOrThrow(existing.user_id, requested);
      const moved = domain !== undefined && domain !== existing.domain;
      if (moved && existing.user_id !== null) {
        const elsewhere = await store.links.ownerCodeElsewhere(existing.user_id, existing.short_code, domain, id);
        if (elsewhere) throw taken(SHORT_CODE_TAKEN);
      }
      const columns: LinkChanges = {
        ...fields,
        password_hash: await passwordHashOf(password),
        ...(moved ? { domain } : {}),
      };
      linkCache.invalidate(existing.short_code);
      const updated = await store.links.update(id, columns).catch((error: unknown) => {
        // Moved onto a domain where another link has its code.
        if (error instanceof UniqueViolation) throw taken(SHORT_CODE_TAKEN);
        throw error;
      });
      // Again after the write: a redirect may have cached the old row while the update was under way.
      linkCache.invalidate(existing.short_code);
      if (!updated) throw notFoundRule(LINK_NOT_FOUND);
      if (tags !== undefined) await store.links.setTags(id, tags);
      return withCounts({ ...updated, tags: tags ?? existing.tags });
    },

    async delete(owner, id) {
      const existing = await findOwned(owner, id);
      linkCache.invalidate(existing.short_code);
      await store.links.delete(id);
      linkCache.invalidate(existing.short_code);
    },
  };
}
