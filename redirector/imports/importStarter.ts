/**
 * The scope an import job runs in (docs/api.md#imports). A job a member (or a member's key) started
 * makes only the links that member's own calls could: their role, own-links-only and domains (and
 * the key's domains) are read again each time the job runs, so that a member whose right to change
 * links ended meanwhile (removed, left, made a viewer, their key deleted) imports nothing more. The
 * administrator's and the command line's jobs, and those of a starter since deleted, run as the
 * team's owner.
 */
import { type Scope, storedOwnerScope, storedStarterScope } from '../auth/scope';
import { TEAM_NOT_FOUND } from '../contract/teams';
import { notFoundRule, RuleError } from '../ruleError';
import type { ImportRecord } from '../storage/repositories/importRepository';
import type { Store } from '../storage/store';

/** Said when the key that started a job was deleted since. */
export const STARTER_KEY_GONE = 'The API key that started this import was deleted';

/** The job's scope now, or RuleError (the job fails with its message) when its starter may no longer import. */
export async function startedScope(store: Pick<Store, 'teams' | 'apiKeys'>, job: ImportRecord): Promise<Scope> {
  const starter = job.started_by;
  if (job.team_id === null || !starter || starter.id === null) return storedOwnerScope(job);
  const access = await store.teams.accessById(starter.id, job.team_id);
  if (!access) throw notFoundRule(TEAM_NOT_FOUND);
  let keyDomains: readonly string[] | null = null;
  if (starter.key) {
    const keyId = starter.key.id;
    const key = (await store.apiKeys.list(storedOwnerScope(job))).find((row) => row.id === keyId);
    if (!key) throw new RuleError(403, STARTER_KEY_GONE);
    keyDomains = key.domains;
  }
  const scope = storedStarterScope(job, access, keyDomains);
  const missing = scope.missing('links');
  if (missing !== undefined) throw new RuleError(403, missing);
  return scope;
}
