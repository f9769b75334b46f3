/**
 * Custom domains (docs/api.md#custom-domains). The user's: GET/POST/DELETE /api/user/domain and
 * POST /api/user/domain/verify. The administrator's: GET /api/domains, PUT and DELETE
 * /api/domains?domain= (PUT with user_id= or team_id= when several claim it). And GET /api/domains/allowed?domain= (no credential), which a TLS proxy asks
 * before it gets a certificate: answered from memory.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { toApiUser } from '../auth/accountService';
import type { DomainResponse, DomainSetResponse, SuccessResponse } from '../contract/auth';
import type { AdminDomain, AdminDomainResponse, AdminDomainsResponse } from '../contract/domains';
import { hostNameOf } from '../contract/domains';
import { apiFields } from '../contract/times';
import { namesSettings } from '../domains/domainSettingsInput';
import type { DomainSettingsService } from '../domains/domainSettingsService';
import type { Services } from '../services';
import type { ListedDomain } from '../storage/repositories/domainRepository';
import { type GuardServices, requireAdmin, requireUser, scopeOf, type UserState } from './authGuards';
import { badRequest, notFound } from './errors';
import { bodyOf, optionalIdParam } from './requestInput';

export const NOT_SERVED = 'This host is not served here';

function toAdminDomain(row: ListedDomain): AdminDomain {
  const names = [
    'domain',
    'team_id',
    'team_name',
    'user_id',
    'user_email',
    'status',
    'checked_at',
    'verified_at',
  ] as const;
  return { ...apiFields(row, names), links: Number(row.links) };
}

/** The `domain` query parameter, as it must be given once. */
function domainParam(ctx: Context): string {
  const value = ctx.query.domain;
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('Missing domain (a host name)');
  return value;
}

export function createDomainRouter(
  services: GuardServices &
    Pick<Services, 'accounts' | 'config' | 'domains'> & { domainSettings: DomainSettingsService },
): Router {
  const { accounts, domains, domainSettings } = services;
  const router = new Router();
  const user = requireUser(services);
  const admin = requireAdmin(services);

  router.get('/user/domain', user, async (ctx) => {
    // The administrator on a team (docs/api.md#the-administrator-on-a-team) is no user: null.
    const { user: current } = ctx.state as Partial<UserState>;
    const state = await domains.stateOf(scopeOf(ctx));
    const settings = state && (await domainSettings.ofClaim(scopeOf(ctx)));
    ctx.body = {
      user: current ? toApiUser(current) : null,
      domain: state?.domain ?? null,
      default_domain: accounts.defaultDomain,
      public_url: services.config.publicUrl,
      verification: state?.verification ?? null,
      allowed_domains: scopeOf(ctx).team?.domains?.slice() ?? null,
      ...(settings ? { settings } : {}),
    } satisfies DomainResponse;
  });
  router.post('/user/domain', user, async (ctx) => {
    const body = bodyOf(ctx);
    const scope = scopeOf(ctx);
    // Settings are checked before the claim, so a bad one changes nothing.
    if (namesSettings(body)) await domainSettings.check(body);
    const state = await domains.claim(scope, body.domain);
    // The same domain again stays as it is (verified included); settings go with it
    // (docs/api.md#domain-fallbacks-and-well-known-documents).
    if (!namesSettings(body)) {
      ctx.body = state satisfies DomainSetResponse;
      return;
    }
    const settings = await domainSettings.setClaim(scope, state.domain, body);
    ctx.body = { ...state, settings } satisfies DomainSetResponse;
  });
  router.post('/user/domain/verify', user, async (ctx) => {
    ctx.body = (await domains.verify(scopeOf(ctx))) satisfies DomainSetResponse;
  });
  router.delete('/user/domain', user, async (ctx) => {
    await domains.remove(scopeOf(ctx));
    ctx.body = { success: true } satisfies SuccessResponse;
  });

  router.get('/domains/allowed', async (ctx) => {
    await domains.ready();
    if (!domains.isServed(hostNameOf(domainParam(ctx)))) throw notFound(NOT_SERVED);
    ctx.body = { allowed: true };
  });
  router.get('/domains', admin, async (ctx) => {
    ctx.body = { domains: (await domains.list()).map(toAdminDomain) } satisfies AdminDomainsResponse;
  });
  router.put('/domains', admin, async (ctx) => {
    const domain = domainParam(ctx);
    if (bodyOf(ctx).status !== 'verified') throw badRequest('status must be "verified"');
    // Several accounts may claim one domain: `user_id` names whose claim (docs/api.md#administrator-calls-x-api-key).
    const claimant = {
      userId: optionalIdParam(ctx, 'user_id', 'user'),
      teamId: optionalIdParam(ctx, 'team_id', 'team'),
    };
    ctx.body = { domain: toAdminDomain(await domains.verifyByHand(domain, claimant)) } satisfies AdminDomainResponse;
  });
  router.delete('/domains', admin, async (ctx) => {
    await domains.removeDomain(domainParam(ctx));
    ctx.body = { success: true } satisfies SuccessResponse;
  });

  return router;
}
