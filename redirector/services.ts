/** Builds every service once; routers and the redirect handler receive this object. */
import { type AccountService, createAccountService } from './auth/accountService';
import { type AttemptLimiter, createAttemptLimiter } from './auth/attemptLimiter';
import { type AuthService, createAuthService } from './auth/authService';
import type { Config } from './config';
import { defaultDomainOf } from './links/domainRules';
import { createLinkCache, type LinkCache } from './links/linkCache';
import { createLinkService, type LinkService } from './links/linkService';
import type { Store } from './storage/store';
import { createUserAdminService, type UserAdminService } from './users/userAdminService';
import { type ClickRecorder, createClickRecorder } from './visits/clickRecorder';

export interface Services {
  config: Config;
  store: Store;
  clock: () => number;
  auth: AuthService;
  accounts: AccountService;
  /** Failed admin and user sign-ins per client address. */
  limiter: AttemptLimiter;
  links: LinkService;
  linkCache: LinkCache;
  users: UserAdminService;
  clickRecorder: ClickRecorder;
}

export interface ServiceDeps {
  config: Config;
  store: Store;
  adminKey: string;
  clock?: () => number;
}

export function createServices(deps: ServiceDeps): Services {
  const { config, store } = deps;
  const clock = deps.clock ?? Date.now;
  const linkCache = createLinkCache(store.links);
  // Other instances on the same database change links too (PostgreSQL): forget what they wrote.
  store.onLinkChanged?.((shortCode) => (shortCode === null ? linkCache.clear() : linkCache.invalidate(shortCode)));
  const auth = createAuthService({ store, adminKey: deps.adminKey, clock });
  return {
    config,
    store,
    clock,
    auth,
    accounts: createAccountService({ store, auth, clock, defaultDomain: defaultDomainOf(config.publicUrl) }),
    limiter: createAttemptLimiter({ clock }),
    links: createLinkService({ store, clock, linkCache, maxLinksPerUser: config.maxLinksPerUser }),
    users: createUserAdminService({ store, linkCache }),
    linkCache,
    clickRecorder: createClickRecorder(store.clicks),
  };
}
