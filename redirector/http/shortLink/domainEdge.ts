/**
 * What a domain answers of its own (docs/api.md#domain-fallbacks-and-well-known-documents), before
 * and after the short-link decision: its `.well-known` documents, byte for byte (never a redirect,
 * never counted), and its fallbacks: the root of a custom domain without a hub, an unknown code or
 * path, an expired link without its own `expired_url`. A fallback is a 302, counted as an orphan
 * visit (bots left out) once stored. Kept apart from shortLinkEdge.ts so the redirect path's own
 * changes and these meet in two calls only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WELL_KNOWN_PATHS } from '../../contract/domainSettings';
import { hostNameOf } from '../../contract/domains';
import { DEFAULT_DOMAIN_KEY, type DomainSettingsService } from '../../domains/domainSettingsService';
import { logProblem } from '../../observability/logger';
import type { Services } from '../../services';
import type { OrphanKind } from '../../storage/repositories/orphanVisitRepository';
import type { Store } from '../../storage/store';
import { type HostRoute, requestHost } from '../../visits/hostRoute';
import { mergeQuery } from '../../visits/queryMerge';
import { createVisitorReader } from '../../visits/visitor';
import { type FinalDecision, REDIRECT_CACHE_CONTROL } from './shortLinkAnswers';

export type DomainEdgeServices = Pick<
  Services,
  'config' | 'clock' | 'metrics' | 'lookupPlace' | 'keepAddress' | 'domains' | 'hubDirectory'
> & { store: Pick<Store, 'orphanVisits'>; domainSettings: DomainSettingsService };

const WELL_KNOWN = new Map<string, 'apple_app_site_association' | 'asset_links'>([
  [WELL_KNOWN_PATHS.apple_app_site_association, 'apple_app_site_association'],
  [WELL_KNOWN_PATHS.asset_links, 'asset_links'],
]);
const FALLBACK_FIELD = { root: 'root_url', not_found: 'not_found_url', expired: 'expired_url' } as const;
const MAX_PATH = 200;

export interface DomainEdge {
  /** A `.well-known` document the host's domain has: answered, true; false otherwise. */
  wellKnown(req: IncomingMessage, res: ServerResponse, host: string | undefined): boolean;
  /**
   * A custom domain's `.well-known` document, or its root (no hub) or other path redirected to its
   * fallback: answered, true; false otherwise.
   */
  hostFallback(
    req: IncomingMessage,
    res: ServerResponse,
    route: Extract<HostRoute, { kind: 'home' | 'not-found' }>,
  ): boolean;
  /**
   * An unknown code, or an expired link without its own address: redirected to the domain's
   * fallback, with `query` merged in (a link's forwarded query, '' for none), true; false otherwise.
   */
  linkFallback(req: IncomingMessage, res: ServerResponse, kind: 'not_found' | 'expired', query?: string): boolean;
  /**
   * linkFallback for a visit's decision: an unknown code; an expired link without its own address;
   * a turned-off link (`enabled: false`). A link before its `starts_at` keeps its page. `query`: the
   * visit's query when the link forwards it (docs/api.md#forwarding-the-query), else ''.
   */
  decisionFallback(req: IncomingMessage, res: ServerResponse, decision: FinalDecision, query: string): boolean;
}

export function createDomainEdge(services: DomainEdgeServices): DomainEdge {
  const { domainSettings, domains, clock, metrics } = services;
  const { trustProxy } = services.config;
  const readVisitor = createVisitorReader({
    trustProxy,
    lookupPlace: services.lookupPlace,
    keepAddress: services.keepAddress,
  });

  /** The settings key of the request's host: a verified custom domain's name, else the default domain's. */
  function domainKeyOf(host: string | undefined): string {
    const name = hostNameOf(host);
    return name !== '' && domains.ownerOf(name) !== undefined ? name : DEFAULT_DOMAIN_KEY;
  }

  function redirect(req: IncomingMessage, res: ServerResponse, domain: string, kind: OrphanKind, query = ''): boolean {
    const fallback = domainSettings.of(domain)?.[FALLBACK_FIELD[kind]];
    if (!fallback) return false;
    const location = mergeQuery(fallback, query);
    if (kind !== 'root') metrics.countRedirect(kind, 302);
    const write = () => {
      res.writeHead(302, { Location: location, 'Cache-Control': REDIRECT_CACHE_CONTROL, 'Content-Length': '0' });
      res.end();
    };
    const visitor = readVisitor(req);
    if (visitor.is_bot || req.method !== 'GET') {
      write();
      return true;
    }
    const visit = {
      domain,
      path: (req.url ?? '/').split('?')[0]!.slice(0, MAX_PATH),
      kind,
      visited_at: clock(),
      country: visitor.country || null,
      referrer: referrerHost(req.headers.referer),
    };
    services.store.orphanVisits
      .record([visit])
      .catch((error) => logProblem('could not store an orphan visit', error))
      .finally(write);
    return true;
  }

  function linkFallback(req: IncomingMessage, res: ServerResponse, kind: 'not_found' | 'expired', query = ''): boolean {
    return redirect(req, res, domainKeyOf(requestHost(req.headers, trustProxy)), kind, query);
  }

  return {
    wellKnown(req, res, host) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const field = WELL_KNOWN.get((req.url ?? '').split('?')[0]!);
      if (field === undefined) return false;
      const text = domainSettings.of(domainKeyOf(host))?.[field];
      if (!text) return false;
      const body = Buffer.from(text, 'utf8');
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
    hostFallback(req, res, route) {
      if (this.wellKnown(req, res, requestHost(req.headers, trustProxy))) return true;
      if (route.kind === 'home') {
        const hasHub = route.teamId !== undefined && services.hubDirectory.handleOf(route.teamId) !== undefined;
        return !hasHub && route.domain !== undefined && redirect(req, res, route.domain, 'root');
      }
      const path = (req.url ?? '').split('?')[0]!;
      if (path.startsWith('/.well-known/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      return redirect(req, res, domainKeyOf(requestHost(req.headers, trustProxy)), 'not_found');
    },
    linkFallback,
    decisionFallback(req, res, decision, query) {
      if (decision.kind === 'not-found') return linkFallback(req, res, 'not_found');
      // The link's expired answer, as its own expired_url would be: with the visit's query forwarded.
      if (decision.kind === 'turned-off') return linkFallback(req, res, 'expired', query);
      return decision.kind === 'expired' && decision.location === null && linkFallback(req, res, 'expired', query);
    },
  };
}

function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).hostname.slice(0, MAX_PATH) || null;
  } catch {
    return null;
  }
}
