/**
 * A split link's variants with their clicks and visitors over the chosen range, beside their set
 * shares (docs/api.md#split-traffic). Shown on both per-link views; nothing for a link not split.
 */
import type { VariantStats } from '../../../../redirector/contract';
import { Card } from '../../components/Card';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { formatNumber } from '../../format/numbers';

type Row = VariantStats & { index: number; share: number };

const COLUMNS: DataColumn<Row>[] = [
  { label: 'Variant', nowrap: true, cell: (row) => `#${row.index + 1}` },
  { label: 'Address', className: 'mono', cell: (row) => row.url },
  { label: 'Set share', nowrap: true, cell: (row) => `${row.weight}%` },
  { label: 'Clicks', numeric: true, cell: (row) => formatNumber(row.clicks) },
  { label: 'Share of clicks', nowrap: true, cell: (row) => `${row.share}%` },
  { label: 'Unique visitors', numeric: true, cell: (row) => formatNumber(row.unique_visitors) },
];

export function VariantsPanel({ variants }: { variants: readonly VariantStats[] }) {
  if (variants.length === 0) return null;
  const total = variants.reduce((sum, variant) => sum + variant.clicks, 0);
  const rows = variants.map((variant, index) => ({
    ...variant,
    index,
    share: total === 0 ? 0 : Math.round((variant.clicks / total) * 1000) / 10,
  }));
  return (
    <Card title="Variants" subtitle="Split traffic: where visitors were sent" flush>
      <DataTable columns={COLUMNS} rows={rows} rowKey={(row) => String(row.index)} rowTestId="variant-row" />
    </Card>
  );
}
