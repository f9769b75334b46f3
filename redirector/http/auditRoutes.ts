/**
 * The audit log (docs/api.md#audit-log): GET /api/audit and GET /api/audit/export. A user's call
 * goes through the team rule (the team from `X-Team` or `?team=`) and needs an owner; the
 * administrator (X-API-Key) reads every team's entries, or one team's with `team`.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { timeRangeOf } from '../analytics/timeRange';
import type { AuditRequest } from '../audit/auditService';
import { type AuditPage, parseAuditListQuery } from '../contract/audit';
import type { Services } from '../services';
import { calendarOf, dateRangeOf } from './analyticsRoutes';
import { apiKeyOf, requireCaller, scopeOf } from './authGuards';
import { pipeCsvExport } from './csvExportPipe';
import { badRequest } from './errors';
import { singleParams } from './linkListRoutes';
import { teamRefOf } from './teamRule';

/** `actor, action, page, per_page, from, to, tz` and, for the administrator, `team`. */
function auditRequest(ctx: Context): AuditRequest {
  const parsed = parseAuditListQuery(singleParams(ctx));
  if (!parsed.ok) throw badRequest(parsed.error);
  const calendar = calendarOf(ctx);
  const range = dateRangeOf(ctx);
  return {
    query: parsed.query,
    // A member's team is already their scope's (the team rule read it).
    teamRef: apiKeyOf(ctx) === '' ? undefined : teamRefOf(ctx),
    range: range && timeRangeOf(range, calendar),
  };
}

export function createAuditRouter(services: Services): Router {
  const { audit } = services;
  const caller = requireCaller(services);
  const router = new Router();

  router.get('/audit', caller, async (ctx) => {
    ctx.body = (await audit.page(scopeOf(ctx), auditRequest(ctx))) satisfies AuditPage;
  });
  router.get('/audit/export', caller, async (ctx) => {
    const { rows, csv } = await audit.exportCsv(scopeOf(ctx), auditRequest(ctx));
    pipeCsvExport(ctx, rows, csv);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="audit.csv"');
    ctx.body = csv;
  });
  return router;
}
