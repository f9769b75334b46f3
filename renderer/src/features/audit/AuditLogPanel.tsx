/**
 * The audit log's body, for a team's owner (the chosen team) and the administrator (every team):
 * its filters, one page of entries newest first, paging, and "Export CSV" of the same filters
 * (docs/api.md#audit-log).
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../../../../redirector/contract';
import { type AuditFilters, useAuditCalls } from '../../api/audit';
import { useBusyCall } from '../../api/useBusyCall';
import { useLoad } from '../../api/useLoad';
import { FailureBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Loaded } from '../../components/LoadedList';
import { Pagination, placeOf } from '../../components/Pagination';
import { saveFile } from '../../components/saveFile';
import { AuditFiltersBar } from './AuditFiltersBar';
import { AuditTable } from './AuditTable';
import './AuditLog.css';

const DEFAULT_PER_PAGE = 50;

/**
 * The actor and action filters and the page; each change of a filter, the range included, goes back
 * to the first page (the page remembers the filters it belongs to).
 */
function useAuditQuery(range: DateRange | undefined) {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [perPage, setPerPage] = useState(DEFAULT_PER_PAGE);
  const filters: AuditFilters = { range, actor, action };
  const key = JSON.stringify([filters, perPage]);
  const [paged, setPaged] = useState({ key, page: 1 });
  const page = paged.key === key ? paged.page : 1;
  return {
    filters,
    key,
    page,
    perPage,
    setPage: (next: number) => setPaged({ key, page: next }),
    setPerPage,
    setActor,
    setAction,
  };
}

export interface AuditLogPanelProps {
  range: DateRange | undefined;
  /** The control that picks `range`, shown with the other filters. */
  rangeControl: ReactNode;
}

export function AuditLogPanel({ range, rangeControl }: AuditLogPanelProps) {
  const { t } = useTranslation();
  const calls = useAuditCalls();
  const query = useAuditQuery(range);
  const { filters, page, perPage } = query;
  const entries = useLoad((signal) => calls.page(filters, page, perPage, signal), [calls, query.key, page]);
  const exporting = useBusyCall(t('audit.exportFailed'));
  const exportCsv = () => exporting.run(async () => saveFile(await calls.exportCsv(filters), 'audit.csv'));

  return (
    <div className="stack">
      <AuditFiltersBar
        rangeControl={rangeControl}
        actor={filters.actor ?? ''}
        action={filters.action ?? ''}
        onActor={query.setActor}
        onAction={query.setAction}
      />
      <div className="row">
        <Button icon="download" size="sm" disabled={exporting.busy} onClick={() => void exportCsv()}>
          {t('audit.export')}
        </Button>
      </div>
      <FailureBanner message={exporting.error} onDismiss={exporting.clearError} />
      <Loaded load={entries} texts={{ loadFailed: t('audit.loadFailed'), loading: t('audit.loading') }}>
        {(answer) =>
          answer.entries.length === 0 ? (
            <EmptyState icon="list" title={t('audit.empty')} description={t('audit.emptyHint')} />
          ) : (
            <>
              <AuditTable entries={answer.entries} />
              <Pagination
                {...placeOf(answer, answer.entries.length)}
                onPage={query.setPage}
                onPerPage={query.setPerPage}
                label={t('audit.pagesLabel')}
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
