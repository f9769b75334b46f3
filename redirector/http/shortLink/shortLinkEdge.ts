/**
 * GET and HEAD /<shortCode>, and POST /<shortCode> with a link's password
 * (docs/api.md#resolving-a-short-link), answered on node:http directly in front of Koa: the
 * framework's layers cost more than everything else a redirect does (docs/performance.md), and /api
 * and the UI keep Koa. Every other request returns false and goes to Koa.
 *
 * match → decide → record → write. The link comes from the cache (the database only on a miss);
 * visits/visitDecision.ts decides, asking for what it needs (the visitor, a click-limit place, the
 * password check: visitLimits.ts); a recorded answer's click joins this turn's group commit and
 * the answer goes out once the batch is stored. A plain cached link is decided, recorded and
 * queued in one synchronous pass. The host picks the code space first (visits/hostRoute.ts): on a
 * verified custom domain every request is answered here, Koa never sees it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shortUrlOf } from '../../contract/domains';
import { HUB_REFERRER, hubClick } from '../../hubs/hubClick';
import { takeHubToken } from '../../hubs/hubTokenQuery';
import { isReservedShortCode } from '../../links/shortCode';
import { logUnexpectedError } from '../../observability/errorLog';
import type { Services } from '../../services';
import type { DatabaseTrouble } from '../../storage/databaseHealth';
import type { RedirectLink } from '../../storage/records';
import type { Store } from '../../storage/store';
import { requestHost, routeByHost } from '../../visits/hostRoute';
import { visitQueryOf } from '../../visits/queryMerge';
import { visitClick } from '../../visits/visitClick';
import { decideVisit, type RecordedDecision, type VisitRequest } from '../../visits/visitDecision';
import { createVisitorReader } from '../../visits/visitor';
import { createDomainEdge, type DomainEdgeServices } from './domainEdge';
import { createHubEdge, type HubServices } from './hubEdge';
import { createLinkLookup, type FoundLink, whenFound } from './linkLookup';
import { type PasswordForm, readPasswordForm } from './passwordForm';
import { type FinalDecision, outcomeOf, statusOf, writeAnswer } from './shortLinkAnswers';
import { createVisitLimits, type Visit, type VisitLimitServices } from './visitLimits';

/** Answers GET/HEAD/POST /<shortCode>; returns false for every other request (Koa takes it). */
export type ShortLinkEdge = (req: IncomingMessage, res: ServerResponse) => boolean;

/** `/<code>`, or `/<code>/` as a pasted link often ends (docs/api.md#resolving-a-short-link), with its query. */
const SHORT_CODE_PATH = /^\/([A-Za-z0-9_-]{1,64})\/?(?:\?|$)/;
const VIEW: VisitRequest = { kind: 'view' };
const NO_ANSWERS = Object.freeze({});

/**
 * What the edge uses: the link cache, the click recorder, the visitor's facts, the limits, the
 * metrics, and the verified domains that route by host.
 */
export type ShortLinkServices = Pick<
  Services,
  'linkCache' | 'clickRecorder' | 'clock' | 'metrics' | 'config' | 'lookupPlace' | 'keepAddress' | 'domains'
> &
  HubServices &
  VisitLimitServices &
  Omit<DomainEdgeServices, 'store'> & {
    /** Only whether the database is reachable (docs/api.md#when-the-database-is-unreachable). */
    store: Pick<Store, 'health' | 'hubs' | 'orphanVisits'>;
  };

export function createShortLinkEdge(services: ShortLinkServices): ShortLinkEdge {
  const { linkCache, clickRecorder, clock, metrics, domains } = services;
  const { trustProxy, publicUrl } = services.config;
  const readVisitor = createVisitorReader({
    trustProxy: services.config.trustProxy,
    lookupPlace: services.lookupPlace,
    keepAddress: services.keepAddress,
  });
  const limits = createVisitLimits(services);
  const lookup = createLinkLookup(linkCache);
  const [hubEdge, domainEdge] = [createHubEdge(services), createDomainEdge(services)];
  const fromHub = hubClick(services);

  /** Decides until the answer is final; an asked limit continues asynchronously. */
  function proceed(visit: Visit): void {
    for (;;) {
      const decision = decideVisit(visit);
      if (decision.kind !== 'ask') {
        answer(visit, decision);
        return;
      }
      if (decision.ask === 'visitor') {
        visit.visitor = readVisitor(visit.req);
        continue;
      }
      const known = limits.known(decision.ask, visit);
      if (known !== undefined) {
        visit.limits = known;
        continue;
      }
      limits.ask(decision.ask, visit).then(
        (answers) => {
          visit.limits = answers;
          guarded(visit, () => proceed(visit));
        },
        (error) => failed(visit, error),
      );
      return;
    }
  }

  function answer(visit: Visit, decision: FinalDecision): void {
    if (domainEdge.decisionFallback(visit.req, visit.res, decision, forwardedQuery(visit))) return;
    const outcome = outcomeOf(decision, visit.visitor?.is_bot ?? false);
    if (outcome !== undefined) metrics.countRedirect(outcome, statusOf(decision));
    if (decision.kind === 'redirect' || decision.kind === 'tiktok-bypass') record(visit, decision);
    else if (decision.kind === 'preview-card') {
      const link = visit.link!;
      writeAnswer(visit.req, visit.res, decision, visit.visitor, shortUrlOf(publicUrl, link.domain, link.short_code));
    } else writeAnswer(visit.req, visit.res, decision, visit.visitor);
  }

  function record(visit: Visit, decision: RecordedDecision): void {
    // The decision asks for the visitor before any recorded answer.
    const visitor = visit.visitor!;
    const click = visitClick(visit.link!.id, visit.now, visitor, decision);
    // No token: told at once; a token: the hub's shown links in memory and one HMAC (docs/api.md#hub-clicks).
    if (fromHub(visit.hubToken, visit.link!, visit.now)) click.referrer_source = HUB_REFERRER;
    clickRecorder.recordThen(click, () => guarded(visit, () => writeAnswer(visit.req, visit.res, decision, visitor)));
  }

  function guarded(visit: Visit, step: () => void): void {
    try {
      step();
    } catch (error) {
      failed(visit, error);
    }
  }

  function failed(visit: Visit, error: unknown): void {
    failedBefore(services, visit.req, visit.res, error);
  }

  /** A visit of `link` decided from the start. */
  function start(req: IncomingMessage, res: ServerResponse, link: RedirectLink | undefined, request: VisitRequest) {
    const visit = newVisit(req, res, link, request, clock());
    guarded(visit, () => proceed(visit));
  }

  async function answerPost(req: IncomingMessage, res: ServerResponse, found: FoundLink): Promise<void> {
    const form = await readPasswordForm(req);
    const visit = postedVisit(req, res, await found, form, clock());
    guarded(visit, () => proceed(visit));
  }

  return (req, res) => {
    const host = requestHost(req.headers, trustProxy);
    const route = routeByHost({ host, method: req.method, url: req.url }, shortCodeOf, domains.ownerOf);
    if (route.kind === 'elsewhere') return domainEdge.wellKnown(req, res, host) || hubEdge.answerPath(req, res);
    if (route.kind === 'home' || route.kind === 'not-found') {
      if (!domainEdge.hostFallback(req, res, route)) hubEdge.answerHost(req, res, route);
      return true;
    }
    const found = route.kind === 'short-link' ? lookup.onDomain(route) : lookup.onDefault(route.shortCode);
    const failedHere = (error: unknown) => failedBefore(services, req, res, error);
    if (req.method === 'POST') answerPost(req, res, found).catch(failedHere);
    else whenFound(found, (link) => start(req, res, link, VIEW), failedHere);
    return true;
  };
}

/** The visit's query when its link forwards it (docs/api.md#forwarding-the-query), else ''. */
function forwardedQuery(visit: Visit): string {
  return visit.link?.forward_query ? visit.query : '';
}

/** The short code a GET, HEAD or POST asks for; undefined for any other request (Koa's). */
function shortCodeOf(method: string | undefined, url: string | undefined): string | undefined {
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return undefined;
  const shortCode = SHORT_CODE_PATH.exec(url ?? '')?.[1];
  return shortCode === undefined || isReservedShortCode(shortCode) ? undefined : shortCode;
}

function newVisit(
  req: IncomingMessage,
  res: ServerResponse,
  link: RedirectLink | undefined,
  request: VisitRequest,
  now: number,
): Visit {
  const { query, hubToken } = takeHubToken(visitQueryOf(req.url ?? ''));
  return {
    req,
    res,
    link,
    request,
    query,
    hubToken,
    now,
    acceptLanguage: req.headers['accept-language'],
    visitor: undefined,
    limits: NO_ANSWERS,
    password: '',
  };
}

/** The visit of a posted password form. */
function postedVisit(
  req: IncomingMessage,
  res: ServerResponse,
  link: RedirectLink | undefined,
  form: PasswordForm,
  now: number,
): Visit {
  const visit = newVisit(req, res, link, { kind: 'password', formProblem: form.ok ? null : form }, now);
  if (!form.ok) return visit;
  visit.password = form.password;
  // The form's hidden field keeps a hub click's token (docs/api.md#the-password-form).
  if (form.hubToken !== '') visit.hubToken = form.hubToken;
  return visit;
}

/**
 * A failure before the visit could be decided: counted as an error, answered 503 when the
 * database is unreachable or busy (docs/api.md#when-the-database-is-unreachable,
 * #when-the-database-is-busy), else 500.
 */
function failedBefore(
  services: Pick<ShortLinkServices, 'store' | 'metrics'>,
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
): void {
  const trouble = services.store.health?.trouble(error);
  if (trouble) {
    services.metrics.countRedirect('error', 503);
    unavailable(res, trouble);
    return;
  }
  services.metrics.countRedirect('error', 500);
  serverError(req, res, error);
}

function unavailable(res: ServerResponse, trouble: DatabaseTrouble): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': String(trouble.retryAfterSeconds),
  });
  res.end(trouble.message);
}

function serverError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  logUnexpectedError(req.method ?? 'GET', (req.url ?? '').split('?')[0] ?? '', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Server error');
}
