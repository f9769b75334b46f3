/**
 * The storage interface: the only contract between the services and a database. Async so that a
 * PostgreSQL store can implement it beside the SQLite one without touching routes or services.
 */
import type { AnalyticsQueries } from './analyticsQueries';
import type {
  ClickRecord,
  LinkChanges,
  LinkCounts,
  LinkRecord,
  LinkWithCounts,
  NewClick,
  NewLink,
  SessionRecord,
  UserRecord,
} from './records';

export interface UserRepository {
  /** Throws UniqueViolation('email'). */
  create(user: Omit<UserRecord, 'id' | 'custom_domain'>): Promise<UserRecord>;
  findById(id: number): Promise<UserRecord | undefined>;
  /** The email is compared as stored (lower-case). */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Throws UniqueViolation('custom_domain'). */
  setCustomDomain(id: number, domain: string | null): Promise<void>;
}

export interface SessionRepository {
  create(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | undefined>;
  delete(tokenHash: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
}

export interface LinkFilter {
  /** Only this user's links; undefined: every link. */
  userId?: number;
}

export interface LinkRepository {
  /** Throws UniqueViolation('short_code'). */
  create(link: NewLink): Promise<LinkRecord>;
  update(id: number, changes: LinkChanges): Promise<LinkRecord | undefined>;
  /** Deletes the link and its clicks; false when there was no such link. */
  delete(id: number): Promise<boolean>;
  findById(id: number): Promise<LinkRecord | undefined>;
  findByShortCode(shortCode: string): Promise<LinkRecord | undefined>;
  /** Newest first, each with its counts, in one query (never one per link). */
  list(filter: LinkFilter): Promise<LinkWithCounts[]>;
  counts(id: number): Promise<LinkCounts>;
}

export interface ClickRepository {
  /** Inserts every click in one transaction: all are stored or none. */
  insertMany(clicks: readonly NewClick[]): Promise<void>;
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
  /** Frees the place; a counted attempt's time joins the window. */
  settle(reservation: number, counted: boolean, limit: { now: number; max: number }): Promise<void>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly links: LinkRepository;
  readonly clicks: ClickRepository;
  readonly analytics: AnalyticsQueries;
  /**
   * Where several instances share one database (PostgreSQL): calls `listener` with the short code
   * of every link any instance created, updated or deleted, or with null when any link may have
   * changed (the notifications were interrupted). Returns the unsubscribe function.
   */
  /** Where several instances share one database (PostgreSQL): limits every instance counts toward. */
  readonly attempts?: AttemptStore;
  onLinkChanged?(listener: (shortCode: string | null) => void): () => void;
  /** Resolves once the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
