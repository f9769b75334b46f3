/** The hub's services (docs/api.md#the-hub), built once beside the others (services.ts). */
import type { DomainService } from '../domains/domainService';
import type { Store } from '../storage/store';
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
}

export function createHubParts(deps: {
  store: Store;
  clock: () => number;
  publicUrl: string;
  domains: Pick<DomainService, 'verifiedOf'>;
}): HubParts {
  const { store, clock } = deps;
  const hubDirectory = keepHubDirectory(store.hubs);
  const hubPages = createHubPageCache(store.hubs, clock);
  const hubs = createHubService({
    store,
    clock,
    publicUrl: deps.publicUrl,
    verifiedDomainOf: (userId) => deps.domains.verifiedOf(userId),
    onChange: async (handle) => {
      hubPages.invalidate(handle);
      // The poll retries a failed read.
      await hubDirectory.refresh().catch(() => undefined);
    },
  });
  return { hubs, hubDirectory, hubPages, hubViews: createViewRecorder(store.hubs) };
}
