import type { Link } from '../../../../redirector/contract';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';

/** Total Links, Total Clicks (sum of total_clicks), Unique Visitors (sum of unique_visitors). */
export function summarize(links: Link[]) {
  return {
    totalLinks: links.length,
    totalClicks: links.reduce((sum, link) => sum + link.total_clicks, 0),
    uniqueVisitors: links.reduce((sum, link) => sum + link.unique_visitors, 0),
  };
}

export function SummaryCards({ links }: { links: Link[] }) {
  const totals = summarize(links);
  return (
    <div className="card-grid card-grid--3">
      <StatCard label="Total Links" value={formatNumber(totals.totalLinks)} icon="link" />
      <StatCard label="Total Clicks" value={formatNumber(totals.totalClicks)} icon="pointer" tone="green" />
      <StatCard label="Unique Visitors" value={formatNumber(totals.uniqueVisitors)} icon="users" tone="amber" />
    </div>
  );
}
