/**
 * Bulk changes of links (docs/api.md#bulk-changes): the links named by id, or every link a list's
 * filter selects, each changed through the link service exactly as a single change would be (its
 * scope, role and restrictions, the domain rules, one audit entry and one event per link changed).
 * A link the change would leave as it is (already archived, already tagged) is not written and not
 * counted; a link refused is reported with the single change's message. A `move` to another team
 * is checked link by link too, but written in one transaction (linkTeamMove.ts).
 */
import type { Scope } from '../auth/scope';
import type { BulkAction, BulkRequest, BulkResult } from '../contract/linkBulk';
import { MAX_TAGS, TOO_MANY_TAGS } from '../contract/tags';
import { invalidInput, RuleError } from '../ruleError';
import { TagsChangedMeanwhile, WriteCollided } from '../storage/errors';
import type { Store } from '../storage/store';
import type { LinkService, TaggedLink } from './linkService';
import type { LinkFieldChanges } from './linkValidation';

/** Links changed at once by one call. */
const BULK_CONCURRENCY = 4;
/** Reads of a link's tags a tag change makes while other changes keep replacing them. */
const TAG_ATTEMPTS = 5;

export interface LinkBulk {
  /** `target`: with `move` and `team`, the caller's scope in that team (http/moveTarget.ts). */
  run(scope: Scope, request: BulkRequest, target?: Scope): Promise<BulkResult>;
}

const SWITCHES: Partial<Record<BulkAction, { field: 'archived' | 'enabled'; value: boolean }>> = {
  archive: { field: 'archived', value: true },
  unarchive: { field: 'archived', value: false },
  enable: { field: 'enabled', value: true },
  disable: { field: 'enabled', value: false },
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The update that makes the action true of `link`, or undefined when it already is. */
export function bulkChange(link: TaggedLink, request: BulkRequest): LinkFieldChanges | undefined {
  const flip = SWITCHES[request.action];
  if (flip) return link[flip.field] === flip.value ? undefined : { [flip.field]: flip.value };
  if (request.action === 'tag' || request.action === 'untag') {
    const given = request.tags ?? [];
    const tags =
      request.action === 'tag'
        ? [...link.tags, ...given.filter((tag) => !link.tags.includes(tag))]
        : link.tags.filter((tag) => !given.includes(tag));
    if (sameList(tags, link.tags)) return undefined;
    if (tags.length > MAX_TAGS) throw invalidInput(TOO_MANY_TAGS);
    return { tags };
  }
  if (request.action === 'move') {
    const domain = request.domain ?? null;
    return link.domain === domain ? undefined : { domain };
  }
  throw new Error(`bulkChange: no change for ${request.action}`);
}

export function createLinkBulk(links: LinkService, store: Pick<Store, 'links'>): LinkBulk {
  /** Whether the link was changed; RuleError when the single change is refused. */
  async function changeOne(scope: Scope, id: number, request: BulkRequest): Promise<boolean> {
    if (request.action === 'delete') {
      await links.delete(scope, id);
      return true;
    }
    // A tag change is worked out from the tags read: another change of them meanwhile → read again.
    for (let attempt = 1; ; attempt++) {
      const link = await links.findOwned(scope, id);
      const change = bulkChange(link, request);
      if (change === undefined) return false;
      try {
        await links.update(scope, id, change, change.tags && link.tags);
        return true;
      } catch (error) {
        if (!(error instanceof TagsChangedMeanwhile)) throw error;
        if (attempt === TAG_ATTEMPTS) throw new WriteCollided();
      }
    }
  }

  async function idsOf(scope: Scope, request: BulkRequest): Promise<number[]> {
    if (request.ids) return request.ids;
    const filter = request.filter!;
    return store.links.idsMatching({
      scope,
      q: filter.q,
      tag: filter.tag,
      health: filter.health,
      archived: filter.archived ?? 'hide',
      createdBy: filter.created_by,
    });
  }

  /** Whether the link was changed, or the reason it was refused. */
  async function outcomeOf(scope: Scope, id: number, request: BulkRequest): Promise<boolean | string> {
    try {
      return await changeOne(scope, id, request);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      return error.message;
    }
  }

  return {
    async run(scope, request, target) {
      // Read before any change: an archive must not move links out of the filter under its feet.
      const ids = await idsOf(scope, request);
      // Another team: every link checked first, then all moved in one transaction (linkTeamMove.ts).
      if (request.action === 'move' && request.team !== undefined) {
        if (!target) throw new Error('LinkBulk.run: a move to a team needs the target scope');
        return links.moveToTeam(scope, target, ids, request.domain);
      }
      const outcomes = new Array<boolean | string>(ids.length);
      let next = 0;
      // A few links at a time: each is its own transaction, and their commits overlap.
      const worker = async () => {
        for (let index = next++; index < ids.length; index = next++) {
          outcomes[index] = await outcomeOf(scope, ids[index]!, request);
        }
      };
      await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker));
      const result: BulkResult = { done: 0, failed: [] };
      outcomes.forEach((outcome, index) => {
        if (outcome === true) result.done += 1;
        else if (typeof outcome === 'string') result.failed.push({ id: ids[index]!, error: outcome });
      });
      return result;
    },
  };
}
