import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../format/numbers';

export interface ChartTableProps {
  /** What the chart shows, as its title says it (with its range). */
  caption: string;
  rows: { label: string; value: number }[];
  /** The header over the labels ('Day', 'Country'...); 'Item' by default. */
  labelHeader?: string;
  /** The header over the values: the series' name, 'Clicks' by default. */
  valueHeader?: string;
  /** Add each row's share of the sum of every row (pies and donuts, whose rows are every click in view). */
  shares?: boolean;
}

/**
 * A chart's text alternative (CONTRACT §18): its figures as a table that screen readers read and
 * the eye does not see. Every chart of components/charts draws one, so no chart is only a picture.
 */
export function ChartTable({ caption, rows, labelHeader, valueHeader, shares = false }: ChartTableProps) {
  const { t } = useTranslation();
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    // The box hides it: a table does not clip its own overflow.
    <div className="visually-hidden">
      <table data-testid="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader ?? t('charts.item')}</th>
            <th scope="col">{valueHeader ?? t('charts.clicks')}</th>
            {shares ? <th scope="col">{t('charts.share')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the rows keep their order
            <tr key={index}>
              <th scope="row">{row.label}</th>
              <td>{formatNumber(row.value)}</td>
              {shares ? <td>{formatPercent(total === 0 ? 0 : row.value / total, 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
