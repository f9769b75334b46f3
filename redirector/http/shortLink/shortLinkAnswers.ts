/**
 * A visit decision (visits/visitDecision.ts) written to node:http, with its status and its metric
 * outcome. Fixed pages are rendered once per language, on first use. Only pages read the request's
 * Accept-Language (docs/api.md#languages): a redirect does no language work.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RedirectOutcome } from '../../observability/metrics';
import type { HostRoute } from '../../visits/hostRoute';
import type { AnswerCache, VisitDecision } from '../../visits/visitDecision';
import type { Visitor } from '../../visits/visitor';
import { BYPASS_PAGE_CSP, renderBypassPage } from './pages/bypassPage';
import { DISABLED_LINK_HEADERS, disabledLinkBody, notStartedBody, turnedOffBody } from './pages/disabledLinkPage';
import {
  expiredBody,
  LINK_PAGE_HEADERS,
  passwordFormBody,
  renderPasswordPage,
  renderTooManyPasswordsPage,
} from './pages/linkPages';
import { notFoundPage } from './pages/notFoundPage';
import { languageHeaders, pageLanguage, perLanguage } from './pages/pageLanguage';
import { PREVIEW_CARD_CSP, renderPreviewCard } from './pages/previewCard';

/** What the edge writes: every decision but a question. */
export type FinalDecision = Exclude<VisitDecision, { kind: 'ask' }>;

/** Every short-link answer is revalidated, so every click reaches the server (docs/api.md#resolving-a-short-link). */
export const REDIRECT_CACHE_CONTROL = 'private, max-age=0, no-cache';

const notFoundBody = perLanguage((language) => Buffer.from(notFoundPage(language), 'utf8'));
const NOT_FOUND_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': REDIRECT_CACHE_CONTROL,
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};

const PREVIEW_CARD_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': REDIRECT_CACHE_CONTROL,
  'Content-Security-Policy': PREVIEW_CARD_CSP,
  'X-Content-Type-Options': 'nosniff',
};

/** The page of a link that sends nowhere: its headers and its body in each language (statusOf gives the status). */
const CLOSED_PAGES = {
  'not-found': [NOT_FOUND_HEADERS, notFoundBody],
  disabled: [DISABLED_LINK_HEADERS, disabledLinkBody],
  'turned-off': [DISABLED_LINK_HEADERS, turnedOffBody],
  'not-started': [DISABLED_LINK_HEADERS, notStartedBody],
} as const satisfies Record<string, readonly [Readonly<Record<string, string>>, (language: string) => Buffer]>;

/** Printable ASCII only: anything else in a Location header makes Node throw. */
const SAFE_HEADER_VALUE = /^[\x21-\x7e]+$/;

export function statusOf(decision: FinalDecision): number {
  switch (decision.kind) {
    case 'not-found':
    case 'turned-off':
    case 'not-started':
      return 404;
    case 'disabled':
      return 410;
    case 'expired':
      return decision.location === null ? 410 : 302;
    case 'no-password':
      return 405;
    case 'bad-form':
      return decision.problem.status;
    case 'password-form':
      return decision.wrong ? 401 : 200;
    case 'password-refused':
      return 429;
    case 'redirect':
      return 302;
    case 'tiktok-bypass':
    case 'preview-card':
      return 200;
  }
}

/** The metric outcome; undefined for answers that are not counted (a refused POST body). */
export function outcomeOf(decision: FinalDecision, isBot: boolean): RedirectOutcome | undefined {
  switch (decision.kind) {
    case 'not-found':
      return 'not_found';
    case 'disabled':
    case 'turned-off':
    case 'not-started':
      return 'disabled';
    case 'expired':
      return 'expired';
    case 'no-password':
    case 'bad-form':
      return undefined;
    case 'password-form':
    case 'password-refused':
      return 'password_form';
    case 'redirect':
      if (isBot) return 'bot';
      if (decision.blocked) return 'country_redirect';
      return decision.instagram_exit ? 'instagram_exit' : 'redirect';
    case 'tiktok-bypass':
      return isBot ? 'bot' : 'tiktok_page';
    case 'preview-card':
      return 'bot';
  }
}

/**
 * Writes the answer; `visitor` is set for the recorded answers (the TikTok page shows the device's
 * steps); `shortUrl` names the link for its preview card.
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  decision: FinalDecision,
  visitor: Visitor | undefined,
  shortUrl = '',
): void {
  switch (decision.kind) {
    case 'preview-card': {
      // The card has no words of ours: it is the link's own title and description.
      const body = Buffer.from(renderPreviewCard(decision.card, shortUrl, decision.location), 'utf8');
      const headers = { ...PREVIEW_CARD_HEADERS, 'Content-Length': String(body.length) };
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    case 'redirect':
      redirect(res, decision.location, decision.cache);
      return;
    case 'not-found':
    case 'disabled':
    case 'turned-off':
    case 'not-started': {
      const [headers, body] = CLOSED_PAGES[decision.kind];
      page(req, res, statusOf(decision), headers, body);
      return;
    }
    case 'expired':
      if (decision.location !== null) redirect(res, decision.location, 'revalidate');
      else page(req, res, 410, LINK_PAGE_HEADERS, expiredBody);
      return;
    case 'password-form': {
      const { wrong, hubToken } = decision;
      // Rendered once per language, except with a hub click's token to keep.
      const body =
        hubToken === ''
          ? (language: string) => passwordFormBody(language)[wrong ? 'wrong' : 'form']
          : (language: string) => Buffer.from(renderPasswordPage(language, wrong, hubToken), 'utf8');
      page(req, res, statusOf(decision), LINK_PAGE_HEADERS, body);
      return;
    }
    case 'password-refused': {
      const { retryAfterMs } = decision;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      page(req, res, 429, LINK_PAGE_HEADERS, (language) =>
        Buffer.from(renderTooManyPasswordsPage(retryAfterMs, language), 'utf8'),
      );
      return;
    }
    case 'no-password':
      res.writeHead(405, {
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end('This link takes no password');
      return;
    case 'bad-form':
      res.writeHead(decision.problem.status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(decision.problem.message);
      return;
    case 'tiktok-bypass':
      bypassPage(req, res, decision.target, decision.cache, visitor);
      return;
  }
}

/** After a right password, nothing may keep or index the answer (docs/api.md#link-options). */
const PRIVATE_HEADERS = ['Cache-Control', 'no-store', 'X-Robots-Tag', 'noindex'];
const REVALIDATE_HEADERS = ['Cache-Control', REDIRECT_CACHE_CONTROL];

function redirect(res: ServerResponse, location: string, cache: AnswerCache): void {
  if (cache === 'revalidate') {
    res.writeHead(302, [
      'Location',
      headerSafeUrl(location),
      'Cache-Control',
      REDIRECT_CACHE_CONTROL,
      'Content-Length',
      '0',
    ]);
  } else {
    res.writeHead(302, ['Location', headerSafeUrl(location), ...PRIVATE_HEADERS, 'Content-Length', '0']);
  }
  res.end();
}

function bypassPage(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  cache: AnswerCache,
  visitor: Visitor | undefined,
): void {
  const language = pageLanguage(req.headers['accept-language']);
  const body = Buffer.from(renderBypassPage(target, visitor?.device_type ?? 'web', language), 'utf8');
  res.writeHead(200, [
    'Content-Language',
    language,
    'Vary',
    'Accept-Language',
    'Content-Type',
    'text/html; charset=utf-8',
    'Content-Length',
    String(body.length),
    ...(cache === 'revalidate' ? REVALIDATE_HEADERS : PRIVATE_HEADERS),
    'Content-Security-Policy',
    BYPASS_PAGE_CSP,
    'X-Content-Type-Options',
    'nosniff',
    'X-Frame-Options',
    'DENY',
    'Referrer-Policy',
    'no-referrer',
  ]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A page in the request's language (`bodyOf`), with Content-Language and Vary: Accept-Language. */
function page(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  bodyOf: (language: string) => Buffer,
): void {
  const language = pageLanguage(req.headers['accept-language']);
  const body = bodyOf(language);
  res.writeHead(status, { ...headers, ...languageHeaders(language), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Link addresses are validated when saved; this only guards the header against what slipped by. */
function headerSafeUrl(url: string): string {
  if (SAFE_HEADER_VALUE.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return encodeURI(url);
  }
}

/**
 * What a verified custom domain answers besides its short links (docs/api.md#custom-domains): `/`
 * goes to the service's own address, every other path is the 404 page.
 */
export function writeHostAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  route: Extract<HostRoute, { kind: 'home' | 'not-found' }>,
  publicUrl: string,
): void {
  if (route.kind === 'not-found') {
    page(req, res, 404, NOT_FOUND_HEADERS, notFoundBody);
    return;
  }
  res.writeHead(302, { Location: `${publicUrl}/`, 'Cache-Control': REDIRECT_CACHE_CONTROL, 'Content-Length': '0' });
  res.end();
}
