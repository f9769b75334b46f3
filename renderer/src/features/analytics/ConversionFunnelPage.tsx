/** /admin/conversion (docs/api.md#pages, "Conversion Funnel"): one call. */

import { useFunnel } from '../../api/analytics';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { RefreshableHeader } from '../../components/RefreshableHeader';
import { LoadingState } from '../../components/Spinner';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { FunnelView } from './FunnelView';

export function ConversionFunnelPage() {
  const result = useFunnel();
  const data = result.data;

  return (
    <div className="stack">
      <RefreshableHeader
        title="Conversion Funnel"
        subtitle="From estimated impressions to engaged visits, across every link."
        load={result}
      />
      {result.error ? (
        <AnalyticsErrorPanel
          what="Conversion Funnel"
          error={result.error}
          onRetry={result.reload}
          fallback="Failed to load conversion data"
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
