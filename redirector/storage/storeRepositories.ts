/**
 * The repositories both engines build the same way, over their executor (CRUD written once), with
 * link counts read from the rollups after `fold` (each engine's fold before a read).
 */
import type { Executor } from './executor';
import { createAccountLinkRepository } from './repositories/accountLinkRepository';
import { createApiKeyRepository } from './repositories/apiKeyRepository';
import { createAuditRepository } from './repositories/auditLog';
import { createDomainRepository } from './repositories/domainRepository';
import { createDomainSettingsRepository } from './repositories/domainSettingsRepository';
import { createEventStorage } from './repositories/eventStorage';
import { createHubRepository } from './repositories/hubRepository';
import { createImportRepository } from './repositories/importRepository';
import { createImportWrites } from './repositories/importWrites';
import { rollupLinkCounts } from './repositories/linkCounts';
import { createLinkHealthRepository } from './repositories/linkHealthRepository';
import { createLinkRepository } from './repositories/linkRepository';
import { createLinkShareRepository } from './repositories/linkShareRepository';
import { createOrphanVisitRepository } from './repositories/orphanVisitRepository';
import type { RecentClicks } from './repositories/recentClicks';
import { createSessionRepository } from './repositories/sessionRepository';
import { createSsoRepository } from './repositories/ssoRepository';
import { createTeamRepository } from './repositories/teamRepository';
import { createUserRepository } from './repositories/userRepository';
import { createUtmTemplateRepository } from './repositories/utmTemplateRepository';
import type { Store } from './store';

export type StoreRepositories = Pick<
  Store,
  | 'users'
  | 'sessions'
  | 'accountLinks'
  | 'apiKeys'
  | 'events'
  | 'links'
  | 'domains'
  | 'hubs'
  | 'linkHealth'
  | 'imports'
  | 'importWrites'
  | 'sso'
  | 'teams'
  | 'audit'
  | 'linkShares'
  | 'domainSettings'
  | 'orphanVisits'
  | 'utmTemplates'
>;

/** Where link lists and hub figures are read (PostgreSQL's replicas, docs/api.md#read-replicas). */
export interface ListReads {
  /** Its `run` and `transaction` are the primary's. */
  executor: Executor;
  /** The fold before such a read: none when it goes to a replica. */
  fold: () => unknown;
}

/**
 * Without `reads`, lists read on `executor` after `fold`; the users' list always does. `recentClicks`:
 * SQLite's window of recent clicks, fed by its click writer (repositories/recentClicks.ts).
 */
export function createStoreRepositories(
  executor: Executor,
  fold: () => unknown,
  reads: ListReads = { executor, fold },
  recentClicks?: RecentClicks,
): StoreRepositories {
  const linkCounts = rollupLinkCounts(reads.executor, reads.fold);
  const imports = createImportRepository(executor);
  return {
    users: createUserRepository(executor, reads.executor === executor ? linkCounts : rollupLinkCounts(executor, fold)),
    sessions: createSessionRepository(executor),
    accountLinks: createAccountLinkRepository(executor),
    apiKeys: createApiKeyRepository(executor),
    events: createEventStorage(executor, recentClicks),
    links: createLinkRepository(executor, linkCounts),
    domains: createDomainRepository(executor),
    hubs: createHubRepository(executor, reads.executor),
    linkHealth: createLinkHealthRepository(executor),
    sso: createSsoRepository(executor),
    imports,
    importWrites: createImportWrites(executor, imports),
    teams: createTeamRepository(executor),
    audit: createAuditRepository(executor),
    linkShares: createLinkShareRepository(executor),
    domainSettings: createDomainSettingsRepository(executor),
    orphanVisits: createOrphanVisitRepository(executor, reads.executor),
    utmTemplates: createUtmTemplateRepository(executor),
  };
}
