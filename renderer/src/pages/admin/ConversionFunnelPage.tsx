/** /admin/conversion (spec §2 "Conversion Funnel"): one call. */
import { useCallback } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadingState } from '../../components/Spinner';
import { ErrorPanel, errorText } from './components/ErrorPanel';
import { FunnelView } from './components/FunnelView';
import { PageHeader } from './components/PageHeader';
import { useAdminCalls } from './hooks/useAdminCalls';
import { useLoad } from './hooks/useLoad';

export function ConversionFunnelPage() {
  const calls = useAdminCalls();
  const result = useLoad(
    useCallback((signal: AbortSignal) => calls.funnel(signal), [calls]),
    [calls],
  );
  const data = result.data;

  return (
    <div className="admin-section">
      <PageHeader
        title="Conversion Funnel"
        subtitle="From estimated impressions to engaged visits, across every link."
        actions={
          <Button icon="refresh" onClick={result.reload} loading={result.loading && data !== undefined}>
            Refresh
          </Button>
        }
      />
      {result.error ? (
        <ErrorPanel
          title="Error Loading Conversion Funnel"
          message={errorText(result.error, 'Failed to load conversion data')}
          onRetry={result.reload}
        />
      ) : !data ? (
        <LoadingState message="Loading conversion data..." />
      ) : data.clicks === 0 ? (
        <Card>
          <EmptyState icon="filter" title="No conversion data available yet" />
        </Card>
      ) : (
        <FunnelView data={data} />
      )}
    </div>
  );
}
