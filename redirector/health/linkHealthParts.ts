/** Link checks and their API (docs/api.md#link-health), as createServices builds them. */
import { systemScope } from '../auth/scope';
import type { Config } from '../config';
import type { Events } from '../events/events';
import type { LinkService } from '../links/linkService';
import { logProblem } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { Store } from '../storage/store';
import { registerHealthMetrics } from './healthMetrics';
import { createLinkChecks, type LinkChecks } from './linkChecks';
import { createLinkHealthService, type LinkHealthService } from './linkHealthService';

/**
 * Link checks and their API (docs/api.md#link-health). `links` is read once a check turns a link
 * broken or ok (the link service, built after, tells the checks of every change).
 */
export function linkHealthParts(deps: {
  config: Config;
  store: Store;
  clock: () => number;
  events: Events;
  metrics: Metrics;
  links: () => LinkService;
}): { linkChecks: LinkChecks; linkHealth: LinkHealthService } {
  const { config, store, clock, events } = deps;
  const linkChecks = createLinkChecks({
    store,
    clock,
    rules: { allowPrivate: config.events.outboundAllowPrivate },
    hours: config.events.linkCheckHours,
    timeoutMs: config.events.linkCheckTimeoutMs,
    perHostMs: config.events.linkCheckHostMs,
    dnsServers: config.dnsServers,
    connections: events.connections,
    // link.broken and link.recovered carry the link as it is now, its health included.
    async onTurn(linkId, turn) {
      const link = await deps.links().get(systemScope(), linkId);
      await events.onLinkChange([{ action: turn, teamId: link.team_id, link }]);
    },
    log: logProblem,
  });
  registerHealthMetrics(deps.metrics.registry, () => store.linkHealth.brokenCount());
  const lazyLinks = {
    findOwned: (...args: Parameters<LinkService['findOwned']>) => deps.links().findOwned(...args),
    get: (...args: Parameters<LinkService['get']>) => deps.links().get(...args),
  };
  return { linkChecks, linkHealth: createLinkHealthService({ store, links: lazyLinks, checks: linkChecks, clock }) };
}
