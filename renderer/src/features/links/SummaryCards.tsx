import { useTranslation } from 'react-i18next';
import type { UserLinksPage } from '../../../../redirector/contract';
import { StatCard, statValue } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';

/**
 * Total Links, Total Clicks, Unique Visitors: every link of the account, whatever the list shows;
 * and how many of them are broken (docs/api.md#link-health), once known.
 */
export function SummaryCards({ totals, broken }: { totals: UserLinksPage['totals']; broken?: number }) {
  const { t } = useTranslation();
  return (
    <div className="card-grid card-grid--4">
      <StatCard label={t('links.summary.links')} value={formatNumber(totals.links)} icon="link" />
      <StatCard label={t('links.summary.clicks')} value={formatNumber(totals.clicks)} icon="pointer" tone="green" />
      <StatCard
        label={t('links.summary.visitors')}
        value={formatNumber(totals.unique_visitors)}
        icon="users"
        tone="amber"
      />
      <StatCard label={t('links.summary.broken')} value={statValue(broken)} icon="alert" tone="pink" />
    </div>
  );
}
