/** Builds every service once; routers and the redirect handler receive this object. */

import { type AnalyticsService, createAnalyticsService } from './analytics/analyticsService';
import { type AuditService, createAuditService, pruneAuditInBackground } from './audit/auditService';
import { type AccountService, createAccountService } from './auth/accountService';
import type { AttemptLimiter } from './auth/attemptLimiter';
import { type AuthService, createAuthService } from './auth/authService';
import { defaultDomainOf } from './auth/domainRules';
import { limiterOf } from './auth/limiterOf';
import { systemScope } from './auth/scope';
import { createSsoClient } from './auth/ssoClient';
import { createSsoService, type SsoService } from './auth/ssoService';
import type { Background } from './background';
import type { Config } from './config';
import { createDomainService, type DomainService, VERIFY_CALLS_PER_MINUTE } from './domains/domainService';
import { createDomainSettingsService, type DomainSettingsService } from './domains/domainSettingsService';
import { createTxtLookup } from './domains/txtLookup';
import { createEvents, type Events, WEBHOOK_TEST_PACE } from './events/events';
import type { LinkChecks } from './health/linkChecks';
import { linkHealthParts } from './health/linkHealthParts';
import type { LinkHealthService } from './health/linkHealthService';
import { createHubParts, type HubKeyDeps, type HubParts } from './hubs/hubParts';
import { type ApiKeyService, createApiKeyService } from './keys/apiKeyService';
import { createLinkCache, type LinkCache } from './links/linkCache';
import { createLinkService, type LinkService } from './links/linkService';
import { logProblem } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { type AddressKeeper, anonymizingAddressKeeper, keepFullAddress, limiterKeyHasher } from './privacy/addresses';
import { createClickSpool } from './storage/clickSpool';
import type { LinkRepository, Store } from './storage/store';
import { type AccountServices, accountServices } from './users/accountServices';
import { createUserAdminService, type UserAdminService } from './users/userAdminService';
import { type ClickRecorder, createClickRecorder } from './visits/clickRecorder';
import type { PlaceLookup } from './visits/geoip';

export interface Services extends HubParts, AccountServices {
  config: Config;
  store: Store;
  /** Every analytics figure (analytics/analyticsService.ts). */
  analytics: AnalyticsService;
  /** The click places of links with a click limit (docs/api.md#expiry-and-click-limits), for the short-link edge. */
  clickPlaces: Pick<LinkRepository, 'reserveClick' | 'countedClicks'>;
  clock: () => number;
  auth: AuthService;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  /** Wrong credentials of every kind per client address (auth/limitedAttempts.ts checkCredential). */
  limiter: AttemptLimiter;
  /** Accounts created per client address. */
  registrations: AttemptLimiter;
  /** Wrong link passwords per client address and link (visits/linkPasswordCheck.ts). */
  linkPasswords: AttemptLimiter;
  /** Wrong link passwords per link from every address together, keyed by link id. */
  linkPasswordTotals: AttemptLimiter;
  /** Single sign-ons started per client address (docs/api.md#single-sign-on): each keeps a ticket. */
  ssoStarts: AttemptLimiter;
  links: LinkService;
  linkCache: LinkCache;
  /** Custom domains: their state, the verified ones in memory (docs/api.md#custom-domains). */
  domains: DomainService;
  /** Each domain's fallbacks and `.well-known` documents, in memory (docs/api.md#domain-fallbacks-and-well-known-documents). */
  domainSettings: DomainSettingsService;
  users: UserAdminService;
  clickRecorder: ClickRecorder;
  /** GEOIP_DB's lookup when one is loaded; undefined: the bundled data's. */
  lookupPlace: PlaceLookup | undefined;
  metrics: Metrics;
  /** What a click stores of its address (ANONYMIZE_IPS, privacy/addresses.ts). */
  keepAddress: AddressKeeper;
  /** Webhooks and the live stream (docs/api.md#webhooks); createApp starts their delivery. */
  events: Events;
  /** Link health checks (docs/api.md#link-health); createApp starts their rounds. */
  linkChecks: LinkChecks;
  linkHealth: LinkHealthService;
  /** Single sign-on (docs/api.md#single-sign-on); undefined without OIDC_ISSUER. */
  sso: SsoService | undefined;
  /** Reading the audit log (docs/api.md#audit-log); its entries are written by each change. */
  audit: AuditService;
  /** AUDIT_RETENTION_DAYS's pruning loop; createApp's drain stops it. */
  auditPruning: Background<number>;
}

export const ACCOUNTS_PER_ADDRESS = 5;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** Single sign-ons one address may start in 10 minutes, a ticket's lifetime (docs/api.md#single-sign-on). */
export const SSO_STARTS_PER_ADDRESS = 30;
export const SSO_START_WINDOW_MS = 10 * 60 * 1000;
/** Wrong passwords one link takes in an hour from all addresses together (docs/api.md#link-options). */
export const LINK_PASSWORD_FAILURES_PER_LINK = 100;
export const LINK_PASSWORD_LINK_WINDOW_MS = 60 * 60 * 1000;

export interface ServiceDeps extends HubKeyDeps {
  config: Config;
  store: Store;
  adminKey: string;
  clock?: () => number;
  /** From the database GEOIP_DB names (server.ts opens it). */
  lookupPlace?: PlaceLookup;
  /** ANONYMIZE_IPS's key (privacy/visitorSecret.ts loads it); required when the option is on. */
  visitorSecret?: Buffer;
}

export function createServices(deps: ServiceDeps): Services {
  const { config, store } = deps;
  const clock = deps.clock ?? Date.now;
  const health = store.health;
  const linkCache = createLinkCache(store.links, { isDatabaseUp: health && (() => health.isUp()) });
  // Other instances on the same database change links too (PostgreSQL): forget what they wrote.
  store.onLinkChanged?.((shortCode) => (shortCode === null ? linkCache.clear() : linkCache.invalidate(shortCode)));
  const auth = createAuthService({ store, adminKey: deps.adminKey, clock });
  const metrics = createMetrics({
    clicksPending: () => clickRecorder.pending(),
    databaseUp: () => health?.isUp() ?? true,
    replicas: () => store.replicas?.() ?? [],
  });
  const clickRecorder = createClickRecorder(store.clicks, {
    onStored: metrics.clicksStored,
    maxInFlight: store.clicks.concurrentInserts,
    joinInFlightAt: store.clicks.joinInFlightAt,
    // A database server can be away; clicks then wait on disk (docs/api.md#when-the-database-is-unreachable).
    spool: health && createClickSpool(config.spoolDir),
    health,
  });
  if (config.anonymizeIps && !deps.visitorSecret) throw new Error('ANONYMIZE_IPS needs the visitor key');
  const secret = config.anonymizeIps ? deps.visitorSecret : undefined;
  const hashKey = secret ? limiterKeyHasher(secret) : undefined;
  const domainParts = domainService(config, store, clock, linkCache);
  const { domains } = domainParts;
  const hubParts = createHubParts({ store, clock, publicUrl: config.publicUrl, domains, hubKey: deps.hubKey });
  const users = createUserAdminService({
    store,
    linkCache,
    // A disabled owner's hub answers 410 at once, a deleted one's domains stop routing at once
    // (docs/api.md#users); other instances hear it through the store (or within a page's second).
    async onOwnerChange(_userId, change) {
      hubParts.hubPages.clear();
      if (change === 'deleted')
        await domains.refresh().catch((error) => logProblem('could not read the verified domains again', error));
    },
  });
  const limiters = attemptLimiters(store, clock, hashKey);
  const events = createEvents({
    config,
    store,
    clock,
    webhookTests: limiterOf(store, 'webhook-tests', { clock, ...WEBHOOK_TEST_PACE }),
    registry: metrics.registry,
    presentLink: async (id) => {
      const link = await links.get(systemScope(), id).catch(() => undefined);
      return link && { teamId: link.team_id, link };
    },
  });
  const checks = linkHealthParts({ config, store, clock, events, metrics, links: () => links });
  const links: LinkService = createLinkService({
    store,
    clock,
    linkCache,
    maxLinksPerUser: config.maxLinksPerUser,
    ownHost: defaultDomainOf(config.publicUrl),
    publicUrl: config.publicUrl,
    verifiedDomainOf: async (teamId) => {
      await domains.ready();
      return domains.verifiedOf(teamId);
    },
    // The clicks answered so far are stored, then taken for the events, before the link and its clicks go.
    beforeDelete: async (link) => {
      await clickRecorder.flush();
      await events.beforeLinkDelete(link);
    },
    onChange: async (changes) => {
      await events.onLinkChange(changes);
      for (const change of changes)
        if (change.action !== 'deleted') checks.linkChecks.soon(change.link.id, change.teamId);
    },
  });
  return {
    config,
    store,
    analytics: createAnalyticsService(store, clock, config.publicUrl),
    clickPlaces: clickPlaces(store, events),
    clock,
    auth,
    accounts: createAccountService({ store, auth, clock, defaultDomain: defaultDomainOf(config.publicUrl) }),
    apiKeys: createApiKeyService({ store, adminKey: deps.adminKey, clock }),
    ...limiters,
    links,
    users,
    ...accountServices({ config, store, auth, users, clock, limiter: limiters.limiter }, hashKey),
    linkCache,
    ...domainParts,
    clickRecorder,
    lookupPlace: deps.lookupPlace,
    metrics,
    keepAddress: secret ? anonymizingAddressKeeper(secret) : keepFullAddress,
    events,
    ...hubParts,
    ...checks,
    sso: config.sso && ssoService(config, store, auth, clock),
    audit: createAuditService(store),
    auditPruning: pruneAuditInBackground(store, config.auditRetentionDays, clock),
  };
}

/**
 * Custom domains, their verified ones read at once; a change of them empties the link cache and
 * reads the domains' settings again (a domain verified, removed or given to another account brings
 * or takes its settings, also on SQLite, where no notification comes from the store).
 */
function domainService(
  config: Config,
  store: Store,
  clock: () => number,
  linkCache: LinkCache,
): Pick<Services, 'domains' | 'domainSettings'> {
  const defaultDomain = defaultDomainOf(config.publicUrl);
  const domainSettings = createDomainSettingsService(store, defaultDomain, clock);
  const domains = createDomainService({
    store,
    clock,
    defaultDomain,
    lookup: createTxtLookup(config.dnsServers),
    verifyLimiter: limiterOf(store, 'domain-checks', { clock, max: VERIFY_CALLS_PER_MINUTE, windowMs: 60_000 }),
    // What a host resolved to, and the settings it answers with, may have changed with its owner.
    async onChange() {
      linkCache.clear();
      await domainSettings.refresh().catch((error) => logProblem('could not read the domain settings again', error));
    },
  });
  // Read early: the short-link edge knows the verified domains by the first request (a failure, by the next caller).
  domains.ready().catch(() => undefined);
  return { domains, domainSettings };
}

function clickPlaces(store: Store, events: Events): Services['clickPlaces'] {
  return {
    countedClicks: (linkId) => store.links.countedClicks(linkId),
    // The click that takes a link's last place: its link.expired goes out at once (docs/api.md#webhooks).
    async reserveClick(linkId, maxClicks) {
      const taken = await store.links.reserveClick(linkId, maxClicks);
      if (taken && (await store.links.countedClicks(linkId)) >= maxClicks) events.expiry.soon();
      return taken;
    },
  };
}

function ssoService(config: Config, store: Store, auth: AuthService, clock: () => number): SsoService | undefined {
  if (!config.sso) return undefined;
  const client = createSsoClient(config.sso, `${config.publicUrl}/api/auth/oidc/callback`, clock);
  return createSsoService({ config: config.sso, publicUrl: config.publicUrl, store, auth, client, clock });
}

/** The limits on attempts: credentials, registrations, link passwords (per address and per link). */
function attemptLimiters(
  store: Store,
  clock: () => number,
  hashKey: ((key: string) => string) | undefined,
): Pick<Services, 'limiter' | 'registrations' | 'linkPasswords' | 'linkPasswordTotals' | 'ssoStarts'> {
  return {
    limiter: limiterOf(store, 'credentials', { clock }, hashKey),
    registrations: limiterOf(
      store,
      'registrations',
      { clock, max: ACCOUNTS_PER_ADDRESS, windowMs: REGISTRATION_WINDOW_MS },
      hashKey,
    ),
    linkPasswords: limiterOf(store, 'link-passwords', { clock }, hashKey),
    linkPasswordTotals: limiterOf(store, 'link-password-totals', {
      clock,
      max: LINK_PASSWORD_FAILURES_PER_LINK,
      windowMs: LINK_PASSWORD_LINK_WINDOW_MS,
    }),
    ssoStarts: limiterOf(
      store,
      'sso-starts',
      { clock, max: SSO_STARTS_PER_ADDRESS, windowMs: SSO_START_WINDOW_MS },
      hashKey,
    ),
  };
}
