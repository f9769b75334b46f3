/** Builds every service once; routers and the redirect handler receive this object. */
import { type AuthService, createAuthService } from './auth/authService';
import type { Config } from './config';
import { createLinkCache, type LinkCache } from './links/linkCache';
import { createLinkService, type LinkService } from './links/linkService';
import type { Store } from './storage/store';
import { type ClickRecorder, createClickRecorder } from './visits/clickRecorder';

export interface Services {
  config: Config;
  store: Store;
  clock: () => number;
  auth: AuthService;
  links: LinkService;
  linkCache: LinkCache;
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
  return {
    config,
    store,
    clock,
    auth: createAuthService({ store, adminKey: deps.adminKey, clock }),
    links: createLinkService({ store, clock, linkCache }),
    linkCache,
    clickRecorder: createClickRecorder(store.clicks),
  };
}
