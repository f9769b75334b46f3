import type { UserLinksPage } from '../../../../redirector/contract';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';

/** Total Links, Total Clicks, Unique Visitors: every link of the account, whatever the list shows. */
export function SummaryCards({ totals }: { totals: UserLinksPage['totals'] }) {
  return (
    <div className="card-grid card-grid--3">
      <StatCard label="Total Links" value={formatNumber(totals.links)} icon="link" />
      <StatCard label="Total Clicks" value={formatNumber(totals.clicks)} icon="pointer" tone="green" />
      <StatCard label="Unique Visitors" value={formatNumber(totals.unique_visitors)} icon="users" tone="amber" />
    </div>
  );
}
