/**
 * A link's redirect rules with the clicks each sent over the chosen range (docs/api.md#redirect-rules).
 * Shown on both per-link views; nothing for a link without rules.
 */
import { useTranslation } from 'react-i18next';
import type { LinkRule, RuleStats } from '../../../../redirector/contract';
import { Card } from '../../components/Card';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { formatNumber } from '../../format/numbers';
import { i18next } from '../../i18n';

type Row = RuleStats & { url: string };

const columns = (): DataColumn<Row>[] => [
  { label: i18next.t('analytics.columns.rule'), nowrap: true, cell: (row) => `#${row.rule + 1}` },
  { label: i18next.t('analytics.columns.destination'), className: 'mono', cell: (row) => row.url },
  { label: i18next.t('analytics.columns.clicks'), numeric: true, cell: (row) => formatNumber(row.clicks) },
];

export function RulesPanel({ stats, rules }: { stats: readonly RuleStats[] | undefined; rules: readonly LinkRule[] }) {
  const { t } = useTranslation();
  if (!stats || stats.length === 0) return null;
  const rows = stats.map((each) => ({ ...each, url: rules[each.rule]?.url ?? '' }));
  return (
    <Card title={t('analytics.rules.title')} subtitle={t('analytics.rules.subtitle')} flush>
      <DataTable columns={columns()} rows={rows} rowKey={(row) => String(row.rule)} rowTestId="rule-row" />
    </Card>
  );
}
