/**
 * The audit log's two shells (docs/api.md#audit-log): /admin/audit for the administrator (every
 * team) and the dashboard's "Audit log" dialog for the chosen team's owners. Each holds its own date
 * range (not kept in the address: the dashboard's range belongs to the link's analytics) and draws
 * the analytics screens' range control for it.
 */
import { useState } from 'react';
import { panelScreens } from '../components/PanelShells';
import { DateRangeControl } from '../features/analytics/DateRangeControl';
import { ALL_TIME, choiceRange, type RangeChoice } from '../features/analytics/dateRange';
import { AuditLogPanel } from '../features/audit/AuditLogPanel';
import { browserTimeZone } from '../format/dates';

function AuditLog() {
  const [choice, setChoice] = useState<RangeChoice>(ALL_TIME);
  const range = choiceRange(choice, browserTimeZone());
  return (
    <AuditLogPanel
      range={range}
      rangeControl={<DateRangeControl choice={choice} range={range} onChange={setChoice} />}
    />
  );
}

const auditScreens = panelScreens('audit', AuditLog);
export const AdminAuditPage = auditScreens.Page;
export const AuditLogDialog = auditScreens.Dialog;
