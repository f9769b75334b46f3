/**
 * Links with their owners (docs/api.md#links). Ownership is enforced here: a user reaches only their own
 * links, and another user's link is "not found" so its existence is not revealed. Every write
 * invalidates the short code in the redirect path's cache (which also remembers misses).
 */
import { hashPassword } from '../auth/passwords';
import type { Link } from '../contract/links';
import { type LinkListQuery, linkLimitMessage, type UserLinksPage } from '../contract/lists';
import { invalidInput, notFoundRule, RuleError, taken } from '../ruleError';
import { LinkLimitReached } from '../storage/errors';
import type { LinkChanges, LinkRecord, LinkWithCounts } from '../storage/records';
import type { InsertOutcome, NewTaggedLink, Store } from '../storage/store';
import type { LinkCache } from './linkCache';
import { createSelfLinkCheck, createSelfLinkChecks } from './linkDestinations';
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

const codesOf = (fields: readonly NewLinkFields[]) =>
  fields.flatMap((field) => (field.short_code === undefined ? [] : [field.short_code]));

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
  /** Told of every link created, updated or deleted, and awaited before the call answers (webhooks, streams). */
  onChange?: (changes: readonly LinkChangeNotice[]) => Promise<void>;
}

export interface LinkChangeNotice {
  action: 'created' | 'updated' | 'deleted';
  /** The link's owner; null: the administrator's. */
  ownerId: number | null;
  link: Link;
}

/** The password as stored: a salted slow hash; null removes it, undefined keeps it. */
async function passwordHashOf(password: string | null | undefined): Promise<string | null | undefined> {
  return typeof password === 'string' ? hashPassword(password) : password;
}

/** The new links' rows: the fields as validated, their owner, one creation time, the password hashed. */
async function newLinkRows(
  owner: LinkOwner,
  fields: readonly NewLinkFields[],
  createdAt: number,
): Promise<NewTaggedLink[]> {
  return Promise.all(
    fields.map(async ({ password, ...field }) => ({
      ...field,
      user_id: owner.kind === 'user' ? owner.userId : null,
      created_at: createdAt,
      password_hash: (await passwordHashOf(password)) ?? null,
    })),
  );
}

const scope = (owner: LinkOwner) => (owner.kind === 'user' ? { userId: owner.userId } : {});

type LinkReads = Pick<LinkService, 'page' | 'totals' | 'batches' | 'tags' | 'get' | 'findOwned'>;

/** What reads links: the lists, the exports' batches, one link. */
function createLinkReads(store: Store): LinkReads {
  async function withTags(link: LinkRecord): Promise<TaggedLink> {
    return { ...link, tags: (await store.links.tagsOf([link.id])).get(link.id) ?? [] };
  }

  async function findOwned(owner: LinkOwner, id: number): Promise<TaggedLink> {
    const link = await store.links.findById(id);
    if (!link || !mayAccess(owner, link)) throw notFoundRule(LINK_NOT_FOUND);
    return withTags(link);
  }

  /** Rows of one query with their tags, in one more query. */
  async function present(rows: readonly LinkWithCounts[]): Promise<Link[]> {
    const tags = await store.links.tagsOf(rows.map((row) => row.id));
    return rows.map((row) => toApiLink({ ...row, tags: tags.get(row.id) ?? [] }));
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

    async get(owner, id) {
      return withCounts(store, await findOwned(owner, id));
    },

    findOwned,
  };
}

async function withCounts(store: Store, link: TaggedLink): Promise<Link> {
  const counts = await store.links.counts(link.id);
  return toApiLink({ ...link, ...counts });
}

/** 403 before any insert when the links would take the user beyond the limit (insertMany checks again, exactly). */
async function checkRoom(store: Store, maxLinksPerUser: number, userId: number, fields: readonly NewLinkFields[]) {
  const adding = new Set(codesOf(fields)).size + fields.filter((field) => field.short_code === undefined).length;
  if ((await store.links.ownedCount(userId)) + adding > maxLinksPerUser) {
    throw new RuleError(403, linkLimitMessage(maxLinksPerUser));
  }
}

/** Inserts the links in one transaction; RuleError 403 beyond the link limit. The cache forgets their codes. */
async function insertAll(
  { store, clock, linkCache, maxLinksPerUser }: LinkServiceDeps,
  owner: LinkOwner,
  fields: readonly NewLinkFields[],
): Promise<InsertOutcome[]> {
  const links = await newLinkRows(owner, fields, clock());
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

export function createLinkService(deps: LinkServiceDeps): LinkService {
  const { store, linkCache, maxLinksPerUser } = deps;
  const selfLinkProblem = createSelfLinkCheck(deps.ownHost, store.users);
  const selfLinkProblems = createSelfLinkChecks(deps.ownHost, store.users);
  const notify = async (action: LinkChangeNotice['action'], links: readonly Link[]) => {
    if (deps.onChange && links.length > 0)
      await deps.onChange(links.map((link) => ({ action, ownerId: link.user_id, link })));
  };

  async function checkDestinations(fields: LinkFieldChanges): Promise<void> {
    const problem = await selfLinkProblem(fields);
    if (problem) throw invalidInput(problem);
  }

  const reads = createLinkReads(store);
  const { findOwned } = reads;

  return {
    ...reads,

    async createMany(owner, fields) {
      // Every row's short code and hosts in a query per 1,024 of them, then the link limit, before
      // any insert (docs/api.md#import-and-export).
      const taken = await store.links.takenShortCodes(codesOf(fields));
      const hostProblems = await selfLinkProblems(fields);
      const problems = fields.map((field, index) =>
        field.short_code !== undefined && taken.has(field.short_code) ? SHORT_CODE_TAKEN : hostProblems[index],
      );
      const good = fields.filter((_, index) => problems[index] === undefined);
      if (owner.kind === 'user') await checkRoom(store, maxLinksPerUser, owner.userId, good);
      const outcomes = (await insertAll(deps, owner, good)).values();
      const answers = fields.map((field, index) => {
        const problem = problems[index];
        if (problem !== undefined) return problem;
        const outcome = outcomes.next().value!;
        return outcome === 'taken' ? SHORT_CODE_TAKEN : toApiLink({ ...outcome, ...NO_COUNTS, tags: field.tags });
      });
      await notify(
        'created',
        answers.filter((answer): answer is Link => typeof answer !== 'string'),
      );
      return answers;
    },

    async create(owner, fields) {
      checkOptionAddresses(fields);
      if (fields.short_code !== undefined) {
        const problem = shortCodeProblem(fields.short_code);
        if (problem) throw invalidInput(problem);
      }
      await checkDestinations(fields);
      const [outcome] = await insertAll(deps, owner, [fields]);
      if (outcome === 'taken' || outcome === undefined) {
        if (fields.short_code !== undefined) throw taken(SHORT_CODE_TAKEN);
        throw new Error('no free random short code');
      }
      const link = toApiLink({ ...outcome, ...NO_COUNTS, tags: fields.tags });
      await notify('created', [link]);
      return link;
    },

    async update(owner, id, changes) {
      const existing = await findOwned(owner, id);
      if (changes.short_code !== undefined && changes.short_code !== existing.short_code) {
        throw invalidInput(SHORT_CODE_UNCHANGEABLE);
      }
      const { short_code: _unchanged, tags, password, ...fields } = changes;
      checkOptionAddresses({ ...existing, ...fields });
      await checkDestinations(fields);
      const columns: LinkChanges = { ...fields, password_hash: await passwordHashOf(password) };
      linkCache.invalidate(existing.short_code);
      const updated = await store.links.update(id, columns);
      // Again after the write: a redirect may have cached the old row while the update was under way.
      linkCache.invalidate(existing.short_code);
      if (!updated) throw notFoundRule(LINK_NOT_FOUND);
      if (tags !== undefined) await store.links.setTags(id, tags);
      const link = await withCounts(store, { ...updated, tags: tags ?? existing.tags });
      await notify('updated', [link]);
      return link;
    },

    async delete(owner, id) {
      const existing = await findOwned(owner, id);
      const link = deps.onChange ? await withCounts(store, existing) : undefined;
      linkCache.invalidate(existing.short_code);
      await store.links.delete(id);
      linkCache.invalidate(existing.short_code);
      if (link) await notify('deleted', [link]);
    },
  };
}
