/**
 * A link's rows as written (docs/api.md#links): who made or changed it, the password hashed, and
 * the inserts of new links within the owner's link limit.
 */
import { hashPassword } from '../auth/passwords';
import { ownerIdOf, type Scope, teamIdOf } from '../auth/scope';
import { linkLimitMessage } from '../contract/lists';
import { RuleError } from '../ruleError';
import { LinkLimitReached } from '../storage/errors';
import type { AfterWrite } from '../storage/executor';
import type { LinkRecord } from '../storage/records';
import type { InsertOutcome, NewTaggedLink, Store } from '../storage/store';
import { auditCreated } from './linkAudit';
import type { LinkCache } from './linkCache';
import type { NewLinkFields } from './linkValidation';
import { randomShortCode } from './shortCode';

/** What an insert needs of the link service's parts. */
export interface InsertDeps {
  store: Store;
  clock: () => number;
  linkCache: LinkCache;
  /** The most links one user may own (the administrator has no limit). */
  maxLinksPerUser: number;
}

const codesOf = (fields: readonly NewLinkFields[]) =>
  fields.flatMap((field) => (field.short_code === undefined ? [] : [field.short_code]));

/** The password as stored: a salted slow hash; null removes it, undefined keeps it. */
export async function passwordHashOf(password: string | null | undefined): Promise<string | null | undefined> {
  return typeof password === 'string' ? hashPassword(password) : password;
}

/** Who makes a change, as a link stores it (docs/api.md#teams): the user (null: the administrator), and a key's name. */
export function changedBy(scope: Scope): Pick<LinkRecord, 'updated_by' | 'updated_by_key'> {
  return { updated_by: scope.actor.id, updated_by_key: scope.actor.key?.name ?? null };
}

/** A new link's team and makers. */
function authorOf(
  scope: Scope,
): Pick<LinkRecord, 'team_id' | 'created_by' | 'created_by_key' | 'updated_by' | 'updated_by_key'> {
  const by = changedBy(scope);
  return { team_id: teamIdOf(scope), created_by: by.updated_by, created_by_key: by.updated_by_key, ...by };
}

/** The new links' rows: the fields as validated, their owner, one creation time, the password hashed. */
async function newLinkRows(
  owner: Scope,
  fields: readonly NewLinkFields[],
  createdAt: number,
): Promise<NewTaggedLink[]> {
  return Promise.all(
    fields.map(async ({ password, ...field }) => ({
      ...field,
      user_id: ownerIdOf(owner),
      ...authorOf(owner),
      created_at: createdAt,
      password_hash: (await passwordHashOf(password)) ?? null,
    })),
  );
}

/**
 * 403 before any insert when the links, with `planned` ones not yet stored, would take the user
 * beyond the limit (insertMany checks again, exactly).
 */
export async function checkRoom(
  store: Store,
  maxLinksPerUser: number,
  scope: Scope,
  fields: readonly NewLinkFields[],
  planned = 0,
) {
  const adding =
    planned + new Set(codesOf(fields)).size + fields.filter((field) => field.short_code === undefined).length;
  if ((await store.links.ownedCount(scope)) + adding > maxLinksPerUser) {
    throw new RuleError(403, linkLimitMessage(maxLinksPerUser));
  }
}

/**
 * Inserts the links in one transaction, with their audit entries and `afterInsert`'s work; RuleError
 * 403 beyond the link limit. The cache forgets their codes.
 */
export async function insertAll(
  { store, clock, linkCache, maxLinksPerUser }: InsertDeps,
  owner: Scope,
  fields: readonly NewLinkFields[],
  afterInsert?: AfterWrite<readonly InsertOutcome[]>,
): Promise<InsertOutcome[]> {
  const at = clock();
  const links = await newLinkRows(owner, fields, at);
  const audit = auditCreated(owner, at, (index) => links[index]!.tags);
  let outcomes: InsertOutcome[];
  try {
    outcomes = await store.links.insertMany(links, {
      // Every team's (personal or shared) links count toward MAX_LINKS_PER_TEAM; the administrator's none.
      maxLinks: owner.owner.kind === 'admin' ? undefined : maxLinksPerUser,
      randomCode: randomShortCode,
      async afterInsert(tx, stored) {
        await audit(tx, stored);
        await afterInsert?.(tx, stored);
      },
    });
  } catch (error) {
    if (error instanceof LinkLimitReached) throw new RuleError(403, linkLimitMessage(error.maxLinks));
    throw error;
  }
  // The cache may remember these codes as misses from earlier visits.
  for (const outcome of outcomes) if (outcome !== 'taken') linkCache.invalidate(outcome.short_code);
  return outcomes;
}
