/**
 * A split link's variants with their clicks and visitors over the chosen range, beside their set
 * shares (docs/api.md#split-traffic). Shown on both per-link views; nothing for a link not split.
 */
import { useTranslation } from 'react-i18next';
import type { VariantStats } from '../../../../redirector/contract';
import { Card } from '../../components/Card';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { formatNumber, formatPercent } from '../../format/numbers';
import { i18next } from '../../i18n';

type Row = VariantStats & { index: number; share: number };

const columns = (): DataColumn<Row>[] => [
  { label: i18next.t('analytics.columns.variant'), nowrap: true, cell: (row) => `#${row.index + 1}` },
  { label: i18next.t('analytics.columns.address'), className: 'mono', cell: (row) => row.url },
  { label: i18next.t('analytics.columns.setShare'), nowrap: true, cell: (row) => formatPercent(row.weight / 100) },
  { label: i18next.t('analytics.columns.clicks'), numeric: true, cell: (row) => formatNumber(row.clicks) },
  { label: i18next.t('analytics.columns.shareOfClicks'), nowrap: true, cell: (row) => formatPercent(row.share / 100) },
  {
    label: i18next.t('analytics.columns.uniqueVisitors'),
    numeric: true,
    cell: (row) => formatNumber(row.unique_visitors),
  },
];

export function VariantsPanel({ variants }: { variants: readonly VariantStats[] }) {
  const { t } = useTranslation();
  if (variants.length === 0) return null;
  const total = variants.reduce((sum, variant) => sum + variant.clicks, 0);
  const rows = variants.map((variant, index) => ({
    ...variant,
    index,
    share: total === 0 ? 0 : Math.round((variant.clicks / total) * 1000) / 10,
  }));
  return (
    <Card title={t('analytics.variants.title')} subtitle={t('analytics.variants.subtitle')} flush>
      <DataTable columns={columns()} rows={rows} rowKey={(row) => String(row.index)} rowTestId="variant-row" />
    </Card>
  );
}
