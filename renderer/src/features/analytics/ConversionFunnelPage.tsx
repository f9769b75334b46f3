/** /admin/conversion (docs/api.md#pages, "Conversion Funnel"): one call. */

import { useTranslation } from 'react-i18next';
import { useFunnel } from '../../api/analytics';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { RefreshableHeader } from '../../components/RefreshableHeader';
import { LoadingState } from '../../components/Spinner';
import { AnalyticsErrorPanel } from './AnalyticsErrorPanel';
import { FunnelView } from './FunnelView';

export function ConversionFunnelPage() {
  const { t } = useTranslation();
  const result = useFunnel();
  const data = result.data;

  return (
    <div className="stack">
      <RefreshableHeader title={t('analytics.funnel.title')} subtitle={t('analytics.funnel.subtitle')} load={result} />
      {result.error ? (
        <AnalyticsErrorPanel
          what={t('analytics.funnel.title')}
          error={result.error}
          onRetry={result.reload}
          fallback={t('analytics.funnel.failed')}
        />
      ) : !data ? (
        <LoadingState message={t('analytics.funnel.loading')} />
      ) : data.clicks === 0 ? (
        <Card>
          <EmptyState icon="filter" title={t('analytics.funnel.empty')} />
        </Card>
      ) : (
        <FunnelView data={data} />
      )}
    </div>
  );
}
