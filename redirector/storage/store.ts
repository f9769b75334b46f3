/**
 * The storage interface: the only contract between the services and a database. Async so that a
 * PostgreSQL store can implement it beside the SQLite one without touching routes or services.
 */

import type { Scope } from '../auth/scope';
import type { ClickMoveHealth, ReplicaHealth } from '../contract/health';
import type { AnalyticsQueries } from './analyticsQueries';
import type { DatabaseHealth } from './databaseHealth';
import type { AfterWrite } from './executor';
import type {
  AccountLinkRecord,
  ClickRecord,
  LinkChanges,
  LinkCounts,
  LinkPage,
  LinkRecord,
  LinkTotals,
  LinkWithCounts,
  NewClick,
  NewLink,
  RedirectLink,
  SessionRecord,
  UserRecord,
  UserWithCounts,
} from './records';
import type { ApiKeyRepository } from './repositories/apiKeyRepository';
import type { AuditRepository } from './repositories/auditLog';
import type { DomainRepository } from './repositories/domainRepository';
import type { DomainSettingsRepository } from './repositories/domainSettingsRepository';
import type { EventStorage } from './repositories/eventStorage';
import type { HubRepository } from './repositories/hubRepository';
import type { ImportRepository } from './repositories/importRepository';
import type { ImportWrites } from './repositories/importWrites';
import type { LinkHealthRepository } from './repositories/linkHealthRepository';
import type { LinkListFilter, LinkPageQuery } from './repositories/linkLists';
import type { LinkShareRepository } from './repositories/linkShareRepository';
import type { MoveLinksToTeam } from './repositories/linkTeamMoves';
import type { OrphanVisitRepository } from './repositories/orphanVisitRepository';
import type { SsoRepository } from './repositories/ssoRepository';
import type { TeamRepository } from './repositories/teamRepository';
import type { UtmTemplateRepository } from './repositories/utmTemplateRepository';

export type { LinkListFilter, LinkPageQuery } from './repositories/linkLists';

export interface UserPageQuery {
  /** Case-insensitive substring of name or email; '' for none. */
  q: string;
  limit: number;
  offset: number;
}

export interface UserRepository {
  /** Throws UniqueViolation('email'). */
  create(user: Omit<UserRecord, 'id' | 'custom_domain' | 'disabled' | 'personal_team_id'>): Promise<UserRecord>;
  findById(id: number): Promise<UserRecord | undefined>;
  /** The email is compared as stored (lower-case). */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** The names of these users (those that still exist), by id: who made or changed links. */
  namesOf(ids: readonly number[]): Promise<Map<number, string>>;
  /** Whether some user has this custom domain (lower-case), verified. */
  isCustomDomain(domain: string): Promise<boolean>;
  /** Which of these domains (lower-case) some user has as custom domain, verified: one query per 1,024 of them. */
  customDomainsAmong(domains: readonly string[]): Promise<Set<string>>;
  /** Oldest account first, each with its links and clicks. */
  page(query: UserPageQuery): Promise<{ rows: UserWithCounts[]; total: number }>;
  findWithCounts(id: number): Promise<UserWithCounts | undefined>;
  /** False when there is no such user. Disabling voids the account's unused stream tickets. */
  setDisabled(id: number, disabled: boolean): Promise<boolean>;
  /** Deletes the user with their links, clicks, sessions and API keys; false when there was no such user. */
  delete(id: number): Promise<boolean>;
  /** Changes what is given (UniqueViolation('email')); a new email or password hash drops the account's links. */
  update(id: number, changes: { name?: string; email?: string; password_hash?: string }): Promise<void>;
  /** The password hash set to `to` only while still `from`, the links dropped as `update` does; false: it was not. */
  replacePassword(id: number, from: string, to: string): Promise<boolean>;
  /** The account's last language (docs/api.md#languages), null when none is known yet. */
  languageOf(id: number): Promise<string | null>;
  /** Keeps `language` as the account's last one; a write only when it changed. */
  setLanguage(id: number, language: string): Promise<void>;
}

export interface SessionRepository {
  /** `afterWrite` (an administrator's sign-in in the audit log) runs in the insert's transaction. */
  create(session: SessionRecord, afterWrite?: AfterWrite<void>): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | undefined>;
  delete(tokenHash: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
  /** A user's live sessions, newest first. */
  listForUser(userId: number, now: number): Promise<SessionRecord[]>;
  /** Ends every session of the user (administrator ones too) but `keepTokenHash` ('' keeps none); how many ended. */
  deleteForUser(userId: number, keepTokenHash: string): Promise<number>;
  /** Ends the administrator sessions single sign-on gave the user (docs/api.md#single-sign-on). */
  deleteAdminOf(userId: number): Promise<number>;
  /** False when the user has no session with this id. */
  deleteById(userId: number, id: string): Promise<boolean>;
  /** Sets last_used_at to `now` unless it is already after `unlessAfter` (one write a minute, not one a call). */
  touch(tokenHash: string, now: number, unlessAfter: number): Promise<void>;
}

export interface AccountLinkRepository {
  /** Stores the link and drops the user's older ones, in one transaction. */
  replace(link: AccountLinkRecord): Promise<void>;
  /** Deletes and answers the link with this token hash (expired or not); undefined when there is none. */
  consume(tokenHash: string): Promise<AccountLinkRecord | undefined>;
  find(tokenHash: string): Promise<AccountLinkRecord | undefined>;
}

/** A link to insert with its tags; no short code: a random one (`randomCode`), retried when taken. */
export type NewTaggedLink = Omit<NewLink, 'short_code'> & { short_code: string | undefined; tags: readonly string[] };
/** The stored link, or 'taken' when its short code was (or every random one tried was). */
export type InsertOutcome = LinkRecord | 'taken';

export interface InsertOptions {
  /** The most links the owner (all links share one) may have; undefined: no limit. */
  maxLinks: number | undefined;
  randomCode: () => string;
  /** Runs in the insert's transaction with every row's outcome (the links' audit entries). */
  afterInsert?: AfterWrite<readonly InsertOutcome[]>;
}

export interface LinkRepository {
  /** Throws UniqueViolation('short_code'). */
  create(link: NewLink): Promise<LinkRecord>;
  /**
   * Changes the columns given and, with `tags`, the link's tags (TagsChangedMeanwhile: not `tagsWere`
   * any more); `afterWrite` (an audit entry) runs in the same transaction. Undefined: no such link.
   */
  update(
    id: number,
    changes: LinkChanges,
    options?: { tags?: readonly string[]; tagsWere?: readonly string[]; afterWrite?: AfterWrite<LinkRecord> },
  ): Promise<LinkRecord | undefined>;
  /**
   * Takes one of a limited link's counted clicks; false once `maxClicks` are taken. Exact under
   * concurrent calls, from every instance on the database.
   */
  reserveClick(linkId: number, maxClicks: number): Promise<boolean>;
  /** Counted clicks of a limited link so far, without taking one. */
  countedClicks(linkId: number): Promise<number>;
  /** Deletes the link and its clicks, `afterDelete` (an audit entry) in the same transaction; false when there was no such link. */
  delete(id: number, afterDelete?: AfterWrite<number>): Promise<boolean>;
  findById(id: number): Promise<LinkRecord | undefined>;
  /** The link with this code on `domain` (null, the default: the default domain). */
  findByShortCode(shortCode: string, domain?: string | null): Promise<LinkRecord | undefined>;
  /**
   * Which of these short codes a new link of the scope (the administrator's: no owner) on `domain`
   * (null: the default domain) may not take: taken on that domain, or by the owner on another domain
   * (docs/api.md#custom-domains). One query per 1,024 of them (imports).
   */
  takenShortCodes(shortCodes: readonly string[], where: { domain: string | null; scope: Scope }): Promise<Set<string>>;
  /** How many links the scope's owner owns. */
  ownedCount(scope: Scope): Promise<number>;
  /** The links the scope reaches, newest first, each with its counts, in one query (never one per link). */
  list(scope: Scope): Promise<LinkWithCounts[]>;
  counts(id: number): Promise<LinkCounts>;
  /** The link with its owner's disabled flag (the redirect path's cache miss: one query). */
  findForRedirect(shortCode: string, domain?: string | null): Promise<RedirectLink | undefined>;
  /**
   * Whether the link's owner has another link with its code on a domain other than `domain` (a code
   * on a custom domain differs from its owner's default-domain codes). The link is the subject here:
   * its own owner, not the caller's, constrains the move.
   */
  ownerCodeElsewhere(link: Pick<LinkRecord, 'id' | 'team_id' | 'short_code'>, domain: string | null): Promise<boolean>;
  /**
   * Inserts the links in one transaction, each with its tags, in order. Throws LinkLimitReached
   * (and writes nothing) when the owner would end up with more than maxLinks links; exact under
   * concurrent inserts for the same owner.
   */
  insertMany(links: readonly NewTaggedLink[], options: InsertOptions): Promise<InsertOutcome[]>;
  /** One page of the matching links with counts, and how many match (computed in the database). */
  page(query: LinkPageQuery): Promise<LinkPage>;
  /** Up to `limit` links with ids above `afterId`, lowest first (exports walk every link this way). */
  batchAfter(scope: Scope, afterId: number, limit: number): Promise<LinkWithCounts[]>;
  /** The ids of every link the filter selects, lowest first (a bulk change by filter, docs/api.md#bulk-changes). */
  idsMatching(filter: LinkListFilter): Promise<number[]>;
  /** Every link the scope reaches, whatever a list's filters (the dashboard cards). */
  totals(scope: Scope): Promise<LinkTotals>;
  /** Each link's tags, sorted. */
  tagsOf(linkIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Replaces every tag of the link. */
  setTags(linkId: number, tags: readonly string[]): Promise<void>;
  /** Every tag in use on the links the scope reaches, sorted by name, with its number of links. */
  tagCounts(scope: Scope): Promise<{ name: string; links: number }[]>;
  /** Moves links to another team in one transaction (repositories/linkTeamMoves.ts). */
  moveToTeam: MoveLinksToTeam;
}

/**
 * A batch's marks (PostgreSQL's click_marks, storage/clickSpool.ts): `set` is written in the same
 * statement as the clicks; when any mark named in `skipWhen` already holds at least its value, the
 * batch is stored already and nothing is inserted.
 */
export interface ClickMark {
  set: { name: string; value: number };
  skipWhen?: readonly { name: string; value: number }[];
}

export interface ClickRepository {
  /** Inserts every click in one transaction: all are stored or none. A store without marks ignores `mark`. */
  insertMany(clicks: readonly NewClick[], mark?: ClickMark): Promise<void>;
  /**
   * insertMany calls that may usefully run at once (the recorder's batches in flight: 1 for SQLite,
   * more where each is a round trip), and the clicks a batch needs to join them (joinInFlightAt).
   */
  readonly concurrentInserts?: number;
  readonly joinInFlightAt?: number;
  /** Every click of a link, bots included, oldest first (for tests and exports). */
  listByLink(linkId: number): Promise<ClickRecord[]>;
  /** Number of stored clicks, bots included. */
  countAll(): Promise<number>;
}

/** Attempt limits kept in the database (auth/sharedAttemptLimiter.ts), shared by every instance. */
export interface AttemptStore {
  /** A place for one attempt, a refusal, or busy: every place left is reserved by attempts in flight. */
  reserve(
    scope: string,
    key: string,
    limit: { now: number; max: number; windowMs: number; holdMs: number },
  ): Promise<{ granted: true; reservation: number } | { granted: false; retryAfterMs: number } | { busy: true }>;
  /** Frees the place, a counted attempt's time joining the window; `renew` keeps places (a live stream's) until `until`. */
  settle(reservation: number, counted: boolean, limit: { now: number; max: number }): Promise<void>;
  renew(reservations: readonly number[], until: number): Promise<void>;
  /** How long the key is still refused, in ms (0: it is not); changes nothing. */
  refusedFor(scope: string, key: string, limit: { now: number; max: number; windowMs: number }): Promise<number>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly accountLinks: AccountLinkRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly links: LinkRepository;
  readonly domains: DomainRepository;
  /** Each user's public page, its links, avatar and views (docs/api.md#the-hub). */
  readonly hubs: HubRepository;
  /** Teams, members, invitations (docs/api.md#teams). */
  readonly teams: TeamRepository;
  /** The audit log (docs/api.md#audit-log); entries are written by the changes' transactions (audit/auditLog.ts). */
  readonly audit: AuditRepository;
  /** Shared stats pages of links (docs/api.md#shared-stats). */
  readonly linkShares: LinkShareRepository;
  /** Each domain's fallbacks and `.well-known` documents (docs/api.md#domain-fallbacks-and-well-known-documents). */
  readonly domainSettings: DomainSettingsRepository;
  /** Visits a domain fallback sent on (docs/api.md#orphan-visits). */
  readonly orphanVisits: OrphanVisitRepository;
  /** UTM templates per team (docs/api.md#utm-templates). */
  readonly utmTemplates: UtmTemplateRepository;
  readonly clicks: ClickRepository;
  /** What the link checks found (docs/api.md#link-health). */
  readonly linkHealth: LinkHealthRepository;
  /** Provider identities and sign-ins under way (docs/api.md#single-sign-on). */
  readonly sso: SsoRepository;
  /** Import jobs and what they write (docs/api.md#imports). */
  readonly imports: ImportRepository;
  readonly importWrites: ImportWrites;
  readonly analytics: AnalyticsQueries;
  /** Webhooks, their outbox and delivery log, and what the live stream reads (docs/api.md#webhooks). */
  readonly events: EventStorage;
  /**
   * Where several instances share one database (PostgreSQL), or another process writes the same
   * SQLite file (the command line): calls `listener` with the short code of every link any instance
   * created, updated or deleted, or with null when any link may have changed (the notifications
   * were interrupted; SQLite only ever says null). Returns the unsubscribe function.
   */
  /** Where several instances share one database (PostgreSQL): limits every instance counts toward. */
  readonly attempts?: AttemptStore;
  onLinkChanged?(listener: (shortCode: string | null) => void): () => void;
  /**
   * Where another instance or process may change custom domains: `listener` hears that some domain
   * was claimed, verified or removed (or may have been). Returns the unsubscribe function.
   */
  onDomainsChanged?(listener: () => void): () => void;
  /**
   * Where several instances share one database (PostgreSQL): live stream events every instance
   * hears, this one included (docs/api.md#live-stream).
   */
  readonly broadcast?: StreamBroadcast;
  /**
   * Where several instances share one database (PostgreSQL): the secret kept under `name`, or
   * `candidate` once stored, so that every instance uses the same one.
   */
  keepSharedSecret?(name: string, candidate: string): Promise<string>;
  /** Resolves once the database answers a query. */
  ping(): Promise<void>;
  /** Where the database is a server that can be away (PostgreSQL): whether it answers. */
  readonly health?: DatabaseHealth;
  /** PostgreSQL: read replicas (docs/api.md#read-replicas); the move into monthly partitions, null once done (#monthly-click-partitions). */
  replicas?(): ReplicaHealth[];
  clickMove?(): ClickMoveHealth | null;
  close(): Promise<void>;
}

/** Live stream events every instance sharing the database hears (postgres/streamBroadcast.ts). */
export interface StreamBroadcast {
  /** Sends `text` to every instance's listeners, this one's included. */
  publish(text: string): Promise<void>;
  subscribe(listener: (text: string) => void): () => void;
}
