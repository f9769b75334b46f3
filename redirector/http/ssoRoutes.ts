/**
 * Single sign-on (docs/api.md#single-sign-on): GET /api/auth/oidc/start (302 to the provider),
 * GET /api/auth/oidc/callback (302 to the login screen, which redeems the hand-off in its URL's
 * fragment: never sent to a server, never in a log), POST /api/auth/oidc/session (the hand-off →
 * the sessions; a wrong one counts toward the credential limiter) and GET /api/auth/oidc/logout
 * (302 to the provider's sign-out, or to the login screen). Every failure lands on the login
 * screen with a reason, never a 5xx. Each start sets a cookie that binds the sign-in to its browser:
 * the callback and the hand-off count only with it (no login CSRF).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { clientKeyOf } from '../auth/clientKey';
import { limitedAttempt, TOO_MANY_FAILURES } from '../auth/limitedAttempts';
import { type SsoService, STATE_LIFETIME_MS } from '../auth/ssoService';
import { hashToken } from '../auth/tokens';
import { SSO_SIGN_IN_FAILED, type SsoSessionResponse } from '../contract/auth';
import type { Services } from '../services';
import { AppError, notFound } from './errors';
import { bodyOf } from './requestInput';
import { sessionOriginOf } from './sessionOrigin';

/** Every answer here is JSON like the rest of /api, the redirect's address included. */
function redirect(ctx: Context, location: string): void {
  ctx.redirect(location);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = { location };
}

/**
 * The cookies that bind a sign-in to the browser that started it (docs/api.md#single-sign-on): one
 * per sign-in, named after its binding (`me_sso_<12 hex>`), so that sign-ins started in several tabs
 * of one browser each keep theirs; `me_sso` alone is the name of those set before.
 */
export const SSO_BROWSER_COOKIE = 'me_sso';
const COOKIE_PATH = '/api/auth/oidc';

const cookieNameOf = (binding: string) => `${SSO_BROWSER_COOKIE}_${hashToken(binding).slice(0, 12)}`;

/** The bindings the request's browser holds: the values of its sign-in cookies. */
function bindingsOf(ctx: Context): string[] {
  return (ctx.get('Cookie') || '')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .filter(([name]) => name === SSO_BROWSER_COOKIE || name?.startsWith(`${SSO_BROWSER_COOKIE}_`))
    .map(([, value]) => value ?? '')
    .filter((value) => value !== '');
}

/** A binding cookie, sent back only to the sign-in's own calls, for as long as a state lives; `clear` ends it. */
function setBrowserCookie(ctx: Context, name: string, value: string, secure: boolean): void {
  const lifetime = value === '' ? 0 : Math.floor(STATE_LIFETIME_MS / 1000);
  const attributes = [`Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${lifetime}`];
  if (secure) attributes.push('Secure');
  ctx.append('Set-Cookie', `${name}=${value}; ${attributes.join('; ')}`);
}

export function createSsoRouter(
  services: Pick<Services, 'sso' | 'limiter' | 'ssoStarts' | 'lookupPlace' | 'config'>,
): Router {
  const router = new Router();
  const ssoOf = (): SsoService => {
    if (!services.sso) throw notFound('Single sign-on is not configured');
    return services.sso;
  };

  // Each start keeps a ticket until it is used or expires: at most SSO_STARTS_PER_ADDRESS per
  // address in a ticket's lifetime, so that no client can fill the table (docs/api.md#single-sign-on).
  // Secure where the callback comes: PUBLIC_URL (docs/api.md#single-sign-on).
  const secure = new URL(services.config.publicUrl).protocol === 'https:';
  router.get('/auth/oidc/start', async (ctx) => {
    const sso = ssoOf();
    const reservation = await services.ssoStarts.reserve(clientKeyOf(ctx.ip));
    if (!reservation.granted) {
      redirect(ctx, '/login?sso=too-many');
      return;
    }
    const started = await sso.start().finally(() => reservation.settle(true));
    if ('url' in started) setBrowserCookie(ctx, cookieNameOf(started.browser), started.browser, secure);
    redirect(ctx, 'url' in started ? started.url : `/login?sso=${started.failure}`);
  });

  router.get('/auth/oidc/callback', async (ctx) => {
    const finished = await ssoOf().finish(new URLSearchParams(ctx.querystring), bindingsOf(ctx));
    redirect(ctx, 'handoff' in finished ? `/login#sso=${finished.handoff}` : `/login?sso=${finished.failure}`);
  });

  router.post('/auth/oidc/session', async (ctx) => {
    const sso = ssoOf();
    const { code } = bodyOf(ctx);
    const origin = sessionOriginOf(ctx, services.lookupPlace);
    const redeemed = await limitedAttempt(
      services.limiter,
      ctx.ip,
      TOO_MANY_FAILURES,
      async () => (typeof code === 'string' ? sso.redeem(code, origin, bindingsOf(ctx)) : undefined),
      (result) => result === undefined,
    );
    if (!redeemed) throw new AppError(401, SSO_SIGN_IN_FAILED);
    // Signed in: this sign-in's binding has done its work (another tab's stays for its own).
    if (redeemed.binding !== undefined) setBrowserCookie(ctx, cookieNameOf(redeemed.binding), '', secure);
    ctx.body = redeemed.session satisfies SsoSessionResponse;
  });

  router.get('/auth/oidc/logout', async (ctx) => {
    redirect(ctx, (await ssoOf().signOutUrl()) ?? '/login');
  });
  return router;
}
