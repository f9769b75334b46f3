/** The hub's services (docs/api.md#the-hub), built once beside the others (services.ts). */
import crypto from 'node:crypto';
import type { DomainService } from '../domains/domainService';
import type { Store } from '../storage/store';
import { type HubClickTokens, hubClickTokens } from './hubClickToken';
import { type HubDirectory, keepHubDirectory } from './hubDirectory';
import { createHubPageCache, type HubPageCache } from './hubPageCache';
import { createHubService, type HubService } from './hubService';
import { createViewRecorder, type ViewRecorder } from './viewRecorder';

export interface HubParts {
  /** The rules of /api/hub and the administrator's list. */
  hubs: HubService;
  /** Published handles and owners in memory (the short-link edge's hub clicks, a domain's `/`). */
  hubDirectory: HubDirectory;
  /** The public page's hubs, a second at most. */
  hubPages: HubPageCache;
  /** Views, stored in batches. */
  hubViews: ViewRecorder;
  /** The tokens the page's buttons carry, so that a click counts for the hub (docs/api.md#hub-clicks). */
  hubTokens: HubClickTokens;
}

export interface HubKeyDeps {
  /** The key of hub click tokens (privacy/keptSecret.ts, HUB_KEY_NAME); without one, this process's own. */
  hubKey?: Buffer;
}

export function createHubParts(
  deps: HubKeyDeps & {
    store: Store;
    clock: () => number;
    publicUrl: string;
    domains: Pick<DomainService, 'verifiedOf'>;
  },
): HubParts {
  const { store, clock } = deps;
  const hubDirectory = keepHubDirectory(store.hubs);
  const hubPages = createHubPageCache(store.hubs, clock);
  const hubs = createHubService({
    store,
    clock,
    publicUrl: deps.publicUrl,
    verifiedDomainOf: (teamId) => deps.domains.verifiedOf(teamId),
    onChange: async (handle) => {
      hubPages.invalidate(handle);
      // The poll retries a failed read.
      await hubDirectory.refresh().catch(() => undefined);
    },
  });
  const hubTokens = hubClickTokens(deps.hubKey ?? crypto.randomBytes(32));
  return { hubs, hubDirectory, hubPages, hubViews: createViewRecorder(store.hubs), hubTokens };
}
