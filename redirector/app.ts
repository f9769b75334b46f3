/** createApp(deps): wires middleware, routers and the redirect handler. Nothing else. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { DomainSettingsService } from './domains/domainSettingsService';
import { createAccountRouter } from './http/accountRoutes';
import { createAnalyticsRouter } from './http/analyticsRoutes';
import { createAuditRouter } from './http/auditRoutes';
import { createAuthRouter } from './http/authRoutes';
import { asCallerOf } from './http/callerReads';
import { createConfigRouter } from './http/configRoutes';
import { corsMiddleware } from './http/cors';
import { createDomainRouter } from './http/domainRoutes';
import { createDomainSettingsRouter } from './http/domainSettingsRoutes';
import { createErrorMiddleware, notFound } from './http/errors';
import { createHealthRouter } from './http/healthRoutes';
import { AVATAR_PATH, BACKGROUND_PATH, createHubRouter } from './http/hubRoutes';
import { createImportRouter } from './http/importRoutes';
import { jsonInputMiddleware } from './http/jsonBody';
import { createKeyRouter } from './http/keyRoutes';
import { createLinkHealthRouter } from './http/linkHealthRoutes';
import { createLinkListRouter } from './http/linkListRoutes';
import { createLinkRouter } from './http/linkRoutes';
import { createLinkShareRouter } from './http/linkShareRoutes';
import { createLinkTransferRouter, isImportPath } from './http/linkTransferRoutes';
import { createMetricsMiddleware } from './http/metricsRoutes';
import { createOpenApiRouter } from './http/openapiRoutes';
import { requestLogMiddleware } from './http/requestLog';
import { createSharedStatsMiddleware } from './http/sharedStats/sharedStatsRoute';
import { notFoundPage } from './http/shortLink/pages/notFoundPage';
import { pageLanguage } from './http/shortLink/pages/pageLanguage';
import { REDIRECT_CACHE_CONTROL } from './http/shortLink/shortLinkAnswers';
import { createShortLinkEdge } from './http/shortLink/shortLinkEdge';
import { createSsoRouter } from './http/ssoRoutes';
import { createTeamRouter } from './http/teamRoutes';
import { createUiMiddleware } from './http/uiRoutes';
import { createUserAdminRouter } from './http/userAdminRoutes';
import { createUtmTemplateRouter } from './http/utmTemplateRoutes';
import { createWebhookRouter } from './http/webhookRoutes';
import { createImportParts } from './imports/importParts';
import type { ImportService } from './imports/importService';
import { createLinkShareService, type LinkShareService } from './links/linkShareService';
import { createUtmTemplateService } from './links/utmTemplateService';
import { createServices, type ServiceDeps, type Services } from './services';
import { clientAddress } from './visits/visitor';

export interface AppDeps extends ServiceDeps {
  /** Folder of the built web UI (index.html and assets/). */
  webRoot: string;
}

export interface App {
  services: Services;
  koa: Koa;
  /** Every /api route, so that tests can check each one is described (docs/api.md#openapi). */
  api: Router;
  /** The node:http request listener: short links first, then Koa. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Ends the live streams, waits for webhook deliveries under way and stores every pending click. */
  drain: () => Promise<void>;
}

export { BODY_LIMIT } from './http/jsonBody';

/** On every /api answer, errors and preflights included: answers hold keys and private figures. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** Whether a path is spelled as the calls are: lower case, no trailing slash. */
function isCallSpelling(path: string): boolean {
  return path === path.toLowerCase() && !path.endsWith('/');
}

/** Every /api call's router, under one prefix. */
function createApiRouter(
  services: Services,
  parts: {
    imports: ImportService;
    linkShares: LinkShareService;
    domainSettings: DomainSettingsService;
    store: AppDeps['store'];
  },
): Router {
  const { imports, linkShares, domainSettings } = parts;
  const api = new Router({ prefix: '/api' });
  for (const router of [
    createAuthRouter(services),
    createSsoRouter(services),
    createConfigRouter(services),
    createLinkRouter(services),
    createLinkListRouter(services),
    createLinkHealthRouter(services),
    createLinkTransferRouter(services),
    createLinkShareRouter({ ...services, linkShares }),
    createUtmTemplateRouter({ ...services, utmTemplates: createUtmTemplateService(parts.store, services.clock) }),
    createUserAdminRouter(services),
    createAccountRouter(services),
    createDomainRouter({ ...services, domainSettings }),
    createDomainSettingsRouter({ ...services, domainSettings }),
    createHubRouter(services),
    createAnalyticsRouter(services),
    createKeyRouter(services),
    createWebhookRouter(services),
    createImportRouter({ ...services, imports }),
    createTeamRouter(services),
    createAuditRouter(services),
    createOpenApiRouter(services),
  ]) {
    api.use(router.routes(), router.allowedMethods({ throw: false }));
  }

  return api;
}

export function createApp(deps: AppDeps): App {
  const services = createServices(deps);
  const { imports, importRunner } = createImportParts(services);
  const { store, config } = deps;
  const linkShares = createLinkShareService({ store, clock: services.clock, links: services.links, ...config });
  const { domainSettings } = services;
  const koa = new Koa();
  koa.proxy = deps.config.trustProxy;
  // Behind one trusted proxy, the address it appended (the rightmost) is the client; entries to
  // its left come from the client and could be forged.
  koa.maxIpsCount = 1;
  koa.silent = true;

  const api = createApiRouter(services, { imports, linkShares, domainSettings, store: deps.store });

  // The client address as short links read it (docs/api.md#the-client-address): Koa's own takes the
  // rightmost X-Forwarded-For entry as written, so a proxy that appends `address:port` made each
  // connection another client for the credential limiter.
  koa.use((ctx, next) => {
    ctx.request.ip = clientAddress(ctx.req, deps.config.trustProxy);
    return next();
  });
  koa.use(requestLogMiddleware(services.metrics));
  koa.use(createErrorMiddleware(deps.store.health));
  const readInput = jsonInputMiddleware({
    ownBody: (path) => isImportPath(path) || path === AVATAR_PATH || path === BACKGROUND_PATH,
  });
  const routes = api.routes();
  koa.use(async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    ctx.set(API_HEADERS);
    await asCallerOf(ctx, () =>
      corsMiddleware(ctx, () => {
        // The router would also take another spelling of a call (`/api/Teams/members`,
        // `/api/keys/`), which every rule that reads the path (the team rule above all) would not
        // know: a call is its path as written (docs/api.md#answers), anything else no call.
        if (!isCallSpelling(ctx.path)) throw notFound(`No such API call: ${ctx.method} ${ctx.path}`);
        return readInput(ctx, async () => {
          // Router's context type adds params; Koa's plain context is what it receives at run time.
          await routes(ctx as Parameters<typeof routes>[0], async () => {});
          if (ctx.status === 404 && ctx.body === undefined)
            throw notFound(`No such API call: ${ctx.method} ${ctx.path}`);
        });
      }),
    );
  });
  const health = createHealthRouter(deps.store, () => services.events.broker?.isUp() ?? true);
  koa.use(health.routes());
  koa.use(createMetricsMiddleware(deps.config.metricsToken, services.metrics));
  koa.use(createSharedStatsMiddleware({ ...services, linkShares }));
  koa.use(createUiMiddleware(deps.webRoot));
  koa.use(async (ctx) => {
    ctx.status = 404;
    const language = pageLanguage(ctx.get('accept-language'));
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Language', language);
    ctx.vary('Accept-Language');
    // The same page as an unknown code's, with its headers (docs/api.md#headers).
    ctx.set({ 'Cache-Control': REDIRECT_CACHE_CONTROL, 'X-Robots-Tag': 'noindex' });
    ctx.body = notFoundPage(language);
  });

  services.events.start();
  services.linkChecks.start();
  importRunner.start();
  // Read early, so the edge knows the published hubs by the first click; retried by its poll.
  services.hubDirectory.ready().catch(() => undefined);
  const koaHandler = koa.callback();
  // Read early, so the edge knows each domain's fallbacks and documents by the first request.
  domainSettings.ready().catch(() => undefined);
  const redirect = createShortLinkEdge({ ...services, domainSettings });
  return {
    services,
    koa,
    api,
    handle: (req, res) => {
      if (!redirect(req, res)) void koaHandler(req, res);
    },
    drain: async () => {
      await importRunner.stop();
      await services.auditPruning.stop();
      await services.linkChecks.stop();
      await services.events.stop();
      services.hubDirectory.stop();
      await services.hubViews.flush();
      await Promise.all([services.forgot.idle(), services.accountMailing.idle()]);
      services.mailer?.close();
      await services.clickRecorder.flush();
    },
  };
}
