/**
 * What reads links (docs/api.md#links): the lists, the exports' batches, one link, each as the API
 * shows it (its short_url built on PUBLIC_URL). A user reaches only their own links; another
 * user's link is "not found".
 */
import { reachesLink, type Scope } from '../auth/scope';
import type { LinkHealth } from '../contract/linkConversion';
import type { Link } from '../contract/links';
import type { LinkListQuery, UserLinksPage } from '../contract/lists';
import { notFoundRule } from '../ruleError';
import type { LinkRecord, LinkWithCounts } from '../storage/records';
import type { Store } from '../storage/store';
import { toApiLink } from './linkPresenter';

export const LINK_NOT_FOUND = 'Link not found';

/** Links an export reads per query: memory stays flat however many links there are. */
export const EXPORT_BATCH = 500;

/** A stored link with its tags. */
export type TaggedLink = LinkRecord & { tags: string[] };

export interface LinkReads {
  /** One page of the owner's links as the query asks, and how many match; computed in the database. */
  page(owner: Scope, query: LinkListQuery): Promise<{ links: Link[]; total: number }>;
  /** The dashboard cards: every link the scope reaches, whatever a list's filters. */
  totals(scope: Scope): Promise<UserLinksPage['totals']>;
  /** Every link the owner may see, lowest id first, a batch at a time (exports). */
  batches(owner: Scope): AsyncGenerator<Link[]>;
  /** Tags in use on the owner's links, sorted by name, with their number of links. */
  tags(owner: Scope): Promise<{ name: string; links: number }[]>;
  /** The link when the owner may see it; RuleError 404 otherwise. */
  get(owner: Scope, id: number): Promise<Link>;
  /** The stored link when the owner may see it; RuleError 404 otherwise (for analytics and the like). */
  findOwned(owner: Scope, id: number): Promise<TaggedLink>;
}

/** The link with its counts and health, as the API shows it; `publicUrl`: PUBLIC_URL. */
export async function withCounts(store: Store, link: TaggedLink, publicUrl: string): Promise<Link> {
  const [counts, health] = await Promise.all([store.links.counts(link.id), healthOf(store, [link.id])]);
  return toApiLink({ ...link, ...counts, health: health.get(link.id) }, publicUrl);
}

/** Each link's health as the API shows it; links never checked are left out (unchecked). */
export async function healthOf(store: Store, linkIds: readonly number[]): Promise<Map<number, LinkHealth>> {
  const rows = await store.linkHealth.of(linkIds);
  const shown = new Map<number, LinkHealth>();
  for (const [id, row] of rows) {
    shown.set(id, {
      status: row.status,
      checked_at: row.checked_at === null ? null : new Date(Number(row.checked_at)).toISOString(),
      http_status: row.http_status,
      error: row.error,
      url: row.url,
    });
  }
  return shown;
}

/** `publicUrl`: PUBLIC_URL, which each link's short_url is built on. */
export function createLinkReads(store: Store, publicUrl: string): LinkReads {
  async function withTags(link: LinkRecord): Promise<TaggedLink> {
    return { ...link, tags: (await store.links.tagsOf([link.id])).get(link.id) ?? [] };
  }

  async function findOwned(owner: Scope, id: number): Promise<TaggedLink> {
    const link = await store.links.findById(id);
    if (!link || !reachesLink(owner, link)) throw notFoundRule(LINK_NOT_FOUND);
    return withTags(link);
  }

  /** Rows of one query with their tags and health, in two more queries. */
  async function present(rows: readonly LinkWithCounts[]): Promise<Link[]> {
    const ids = rows.map((row) => row.id);
    const [tags, health] = await Promise.all([store.links.tagsOf(ids), healthOf(store, ids)]);
    return rows.map((row) =>
      toApiLink({ ...row, tags: tags.get(row.id) ?? [], health: health.get(row.id) }, publicUrl),
    );
  }

  return {
    async page(owner, query) {
      const { rows, total } = await store.links.page({
        scope: owner,
        q: query.q,
        tag: query.tag,
        health: query.health,
        archived: query.archived ?? 'hide',
        sort: query.sort,
        order: query.order,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { links: await present(rows), total };
    },

    totals: (scope) => store.links.totals(scope),

    async *batches(owner) {
      for (let afterId = 0; ; ) {
        const rows = await store.links.batchAfter(owner, afterId, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield await present(rows);
        afterId = rows[rows.length - 1]!.id;
      }
    },

    tags: (owner) => store.links.tagCounts(owner),

    async get(owner, id) {
      return withCounts(store, await findOwned(owner, id), publicUrl);
    },

    findOwned,
  };
}
