/**
 * What a short-link request is answered with (docs/api.md#resolving-a-short-link), pure: the link,
 * the request, the time, the visitor and the answers of the limits in, the answer out. Every rule
 * of the order lives here; the edge (http/shortLink/) only fetches what a decision asks for, records
 * the click and writes the answer.
 *
 * Some facts cost something to get: the visitor (a user-agent parse and a geoip lookup), a place
 * under the click limit (a database write), the password check (a limiter and a slow hash). The
 * input starts without them and the decision asks for the one it needs next (`ask`); the edge
 * adds the answer to the input and decides again. A plain link answers on the first call once the
 * visitor is read, so the fast path stays one synchronous pass.
 *
 * New routing belongs here as new input fields and new cases. A link-preview bot on a link with a
 * preview gets the card (before any click place is taken); a split link's variant is picked by a
 * hash of the visitor (resolve.ts).
 */
import type { RedirectLink } from '../storage/records';
import { mergeQuery } from './queryMerge';
import { type ResolvableLink, type ResolveVisitor, resolveLink, type VisitFacts } from './resolve';

export type DecisionLink = ResolvableLink &
  Pick<
    RedirectLink,
    | 'owner_disabled'
    | 'enabled'
    | 'starts_at'
    | 'expires_at'
    | 'expired_url'
    | 'max_clicks'
    | 'password_hash'
    | 'forward_query'
    | 'title'
    | 'preview_title'
    | 'preview_description'
    | 'preview_image'
  >;

/** What the decision reads of the visitor (visits/visitor.ts reads it from the request). */
export interface DecisionVisitor extends ResolveVisitor {
  is_bot: boolean;
  /** A link-preview fetcher (visits/previewBots.ts). */
  preview_bot: boolean;
}

/** What a link's social preview card shows (docs/api.md#social-previews). */
export interface PreviewCard {
  title: string;
  description: string | null;
  image: string | null;
}

/** A body of `POST /<shortCode>` that is not a readable password form. */
export interface FormProblem {
  status: 400 | 413 | 415;
  message: string;
}

/** GET and HEAD view the link; POST answers its password form. */
export type VisitRequest = { kind: 'view' } | { kind: 'password'; formProblem: FormProblem | null };

/** The password check (visits/linkPasswordCheck.ts): its limiters first, then the hash. */
export type PasswordCheck = { kind: 'right' } | { kind: 'wrong' } | { kind: 'refused'; retryAfterMs: number };

/** The limits' answers so far; absent: not asked yet. */
export interface LimitAnswers {
  /** The click limit looked at without taking a place (a visit that is not a click yet). */
  clicksLeft?: boolean;
  /** A place under the click limit taken for this click; false when none was left. */
  clickTaken?: boolean;
  password?: PasswordCheck;
}

export interface VisitInput {
  /** Undefined: no such short code. */
  link: DecisionLink | undefined;
  request: VisitRequest;
  /** The visit's query string without '?' and without a hub token, '' when none (forward_query). */
  query: string;
  /** The hub click token the visit carries, '' when none (hubs/hubTokenQuery.ts); kept by the password form. */
  hubToken: string;
  /** Epoch milliseconds. */
  now: number;
  /** The Accept-Language header, read only by a language rule (docs/api.md#redirect-rules). */
  acceptLanguage?: string;
  /** Undefined until asked for. */
  visitor: DecisionVisitor | undefined;
  limits: LimitAnswers;
}

export type Ask = 'visitor' | 'clicks-left' | 'click-place' | 'password';

/**
 * How a recorded answer may be kept: `revalidate` (every click reaches the server), or `private`
 * after a right password (no-store, noindex: the address must not outlive the password).
 */
export type AnswerCache = 'revalidate' | 'private';

export type VisitDecision =
  | { kind: 'ask'; ask: Ask }
  | { kind: 'not-found' }
  | { kind: 'disabled' }
  /** 404 "This link is turned off" or "This link is not active yet"; nothing recorded (docs/api.md#schedule-and-switch). */
  | { kind: 'turned-off' }
  | { kind: 'not-started' }
  /** 302 to `location`, or the 410 page when null; nothing recorded. */
  | { kind: 'expired'; location: string | null }
  /** POST on a link without a password: 405. */
  | { kind: 'no-password' }
  | { kind: 'bad-form'; problem: FormProblem }
  /** 200, or 401 after a wrong password; the form keeps `hubToken` ('' when none) in a hidden field. */
  | { kind: 'password-form'; wrong: boolean; hubToken: string }
  | { kind: 'password-refused'; retryAfterMs: number }
  /** Not recorded: a link-preview bot gets the card, which refreshes to `location`. */
  | { kind: 'preview-card'; card: PreviewCard; location: string }
  /**
   * Recorded: 302 to `location`; `variant` is the split's variant taken, null when none; `rule` the
   * redirect rule that sent the visit, null when none.
   */
  | {
      kind: 'redirect';
      location: string;
      cache: AnswerCache;
      blocked: boolean;
      instagram_exit: boolean;
      variant: number | null;
      rule: number | null;
    }
  /** Recorded: the TikTok page showing `target`. */
  | { kind: 'tiktok-bypass'; target: string; cache: AnswerCache; variant: number | null; rule: number | null };

/** The answers the click is recorded for. */
export type RecordedDecision = Extract<VisitDecision, { kind: 'redirect' | 'tiktok-bypass' }>;

const ASK_VISITOR: VisitDecision = { kind: 'ask', ask: 'visitor' };
const ASK_CLICKS_LEFT: VisitDecision = { kind: 'ask', ask: 'clicks-left' };
const ASK_CLICK_PLACE: VisitDecision = { kind: 'ask', ask: 'click-place' };
const ASK_PASSWORD: VisitDecision = { kind: 'ask', ask: 'password' };
const NOT_FOUND: VisitDecision = { kind: 'not-found' };
const DISABLED: VisitDecision = { kind: 'disabled' };
const TURNED_OFF: VisitDecision = { kind: 'turned-off' };
const NOT_STARTED: VisitDecision = { kind: 'not-started' };
const NO_PASSWORD: VisitDecision = { kind: 'no-password' };
const PASSWORD_FORM: VisitDecision = { kind: 'password-form', wrong: false, hubToken: '' };
const WRONG_PASSWORD: VisitDecision = { kind: 'password-form', wrong: true, hubToken: '' };

export function decideVisit(input: VisitInput): VisitDecision {
  const { link, request, limits } = input;
  if (link === undefined) return NOT_FOUND;
  if (link.owner_disabled) return DISABLED;
  if (!link.enabled) return TURNED_OFF;
  if (link.starts_at !== null && input.now < link.starts_at) return NOT_STARTED;
  if (link.expires_at !== null && input.now >= link.expires_at) return expired(input, link);
  let cache: AnswerCache = 'revalidate';
  if (link.password_hash !== null) {
    if (request.kind === 'password' && request.formProblem !== null) {
      return { kind: 'bad-form', problem: request.formProblem };
    }
    // A link whose clicks are all taken is expired before its password is asked.
    if (link.max_clicks !== null && limits.clickTaken === undefined) {
      if (limits.clicksLeft === undefined) return ASK_CLICKS_LEFT;
      if (!limits.clicksLeft) return expired(input, link);
    }
    if (request.kind === 'view') return passwordForm(input, false);
    const password = limits.password;
    if (password === undefined) return ASK_PASSWORD;
    if (password.kind === 'refused') return { kind: 'password-refused', retryAfterMs: password.retryAfterMs };
    if (password.kind === 'wrong') return passwordForm(input, true);
    cache = 'private';
  } else if (request.kind === 'password') {
    return NO_PASSWORD;
  }
  // Every click takes a place, a bot's too, and so does a preview bot's card, whose refresh shows the
  // destination: a one-time link opens once, for whoever comes first (docs/api.md#link-options).
  if (link.max_clicks !== null) {
    if (limits.clickTaken === undefined) return ASK_CLICK_PLACE;
    if (!limits.clickTaken) return expired(input, link);
  }
  if (request.kind === 'view' && hasPreview(link)) {
    const previewed = preview(input, link);
    if (previewed !== undefined) return previewed;
  }
  const visitor = input.visitor;
  if (visitor === undefined) return ASK_VISITOR;
  return recorded(input, link, visitor, cache);
}

/** The form, keeping a hub click's token. */
function passwordForm(input: VisitInput, wrong: boolean): VisitDecision {
  if (input.hubToken === '') return wrong ? WRONG_PASSWORD : PASSWORD_FORM;
  return { kind: 'password-form', wrong, hubToken: input.hubToken };
}

function hasPreview(link: DecisionLink): boolean {
  return link.preview_title !== null || link.preview_description !== null || link.preview_image !== null;
}

/**
 * A link-preview bot's card (docs/api.md#social-previews); undefined for everyone else. The card
 * records nothing; a link with a click limit gave it a place before (decideVisit), or answered
 * expired, for bots too.
 */
function preview(input: VisitInput, link: DecisionLink): VisitDecision | undefined {
  const visitor = input.visitor;
  if (visitor === undefined) return ASK_VISITOR;
  if (!visitor.preview_bot) return undefined;
  const resolution = resolveLink(link, visitor, factsOf(input, link));
  const address = resolution.kind === 'tiktok-bypass' ? resolution.target : resolution.location;
  const card = {
    title: link.preview_title ?? link.title,
    description: link.preview_description,
    image: link.preview_image,
  };
  return { kind: 'preview-card', card, location: destination(input, link, address) };
}

function expired(input: VisitInput, link: DecisionLink): VisitDecision {
  return { kind: 'expired', location: link.expired_url === null ? null : destination(input, link, link.expired_url) };
}

function recorded(
  input: VisitInput,
  link: DecisionLink,
  visitor: DecisionVisitor,
  cache: AnswerCache,
): RecordedDecision {
  const resolution = resolveLink(link, visitor, factsOf(input, link));
  // No object spreads on the redirect path: V8 copies them property by property, and every field is
  // set here, so that all decisions of a kind keep one shape (docs/performance.md).
  return resolution.kind === 'tiktok-bypass'
    ? {
        kind: 'tiktok-bypass',
        target: destination(input, link, resolution.target),
        cache,
        variant: resolution.variant,
        rule: resolution.rule,
      }
    : {
        kind: 'redirect',
        location: destination(input, link, resolution.location),
        cache,
        blocked: resolution.blocked,
        instagram_exit: resolution.instagram_exit,
        variant: resolution.variant,
        rule: resolution.rule,
      };
}

/** What the link's rules read of the visit (the input itself, nothing copied); none for a link without rules. */
function factsOf(input: VisitInput, link: DecisionLink): VisitFacts | undefined {
  return link.rules.length === 0 ? undefined : input;
}

/** The address with the visit's query merged in, when the link forwards it. */
function destination(input: VisitInput, link: DecisionLink, address: string): string {
  return link.forward_query ? mergeQuery(address, input.query) : address;
}
