/** The audit log (docs/api.md#audit-log): one page of entries and the CSV export, with the same filters. */
import type { AuditPage } from '../../../redirector/contract/audit';
import type { DateRange } from '../../../redirector/contract/dateRange';
import { browserTimeZone } from '../format/dates';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

/** What the screen filters by: `actor` a user id, `key:<id>` or `admin`; `action` an action or a target. */
export interface AuditFilters {
  range?: DateRange;
  actor?: string;
  action?: string;
}

function filterQuery(filters: AuditFilters): Record<string, string | undefined> {
  return {
    ...(filters.range ? { ...filters.range, tz: browserTimeZone() } : {}),
    actor: filters.actor || undefined,
    action: filters.action || undefined,
  };
}

export function auditCalls(http: HttpClient, credential: Credential) {
  return {
    page: (filters: AuditFilters, page: number, perPage: number, signal?: AbortSignal) =>
      http.request<AuditPage>('/api/audit', {
        credential,
        signal,
        query: { ...filterQuery(filters), page, per_page: perPage },
      }),
    exportCsv: (filters: AuditFilters) =>
      http.download('/api/audit/export', { credential, query: filterQuery(filters) }),
  };
}

export type AuditCalls = ReturnType<typeof auditCalls>;

export function useAuditCalls(): AuditCalls {
  return useCalls(auditCalls);
}
