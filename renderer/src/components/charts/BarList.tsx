import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../format/numbers';
import { cx } from '../cx';

export interface BarListItem {
  key: string;
  label: ReactNode;
  value: number;
  /** Text after the value instead of the share of the total. */
  meta?: ReactNode;
}

export interface BarListProps {
  items: BarListItem[];
  /** Bars are relative to the largest value (default) or to the total. */
  relativeTo?: 'max' | 'total';
  /** Value suffix, e.g. ' blocked'. */
  valueFormat?: (value: number) => ReactNode;
  showShare?: boolean;
  /**
   * What a row's share is of: every click in view (the whole breakdown's sum, not only the rows
   * shown). Defaults to the sum of the rows, for lists that show every row.
   */
  total?: number;
  tone?: 'primary' | 'danger';
  emptyText?: string;
}

/** The sum of a breakdown's counts: every click it covers. */
export function sumCounts(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** A ranked list with a thin bar under each row: top countries, browsers, referrers... */
export function BarList({
  items,
  relativeTo = 'max',
  valueFormat = formatNumber,
  showShare = true,
  total: allClicks,
  tone = 'primary',
  emptyText,
}: BarListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return <div className="chart-empty">{emptyText ?? t('charts.noData')}</div>;
  const shown = items.reduce((sum, item) => sum + item.value, 0);
  const total = allClicks ?? shown;
  const max = Math.max(...items.map((item) => item.value));
  const base = relativeTo === 'max' ? max : total;
  return (
    <ul className={cx('plain-list bar-list', tone === 'danger' && 'bar-list--danger')}>
      {items.map((item) => (
        <li key={item.key} className="bar-list__item">
          <div className="bar-list__row">
            <span className="bar-list__label">{item.label}</span>
            <span className="bar-list__value">{valueFormat(item.value)}</span>
            {item.meta !== undefined ? (
              <span className="bar-list__meta">{item.meta}</span>
            ) : showShare ? (
              <span className="bar-list__meta">{formatPercent(total === 0 ? 0 : item.value / total, 0)}</span>
            ) : null}
          </div>
          <div className="bar-list__track" aria-hidden="true">
            <div className="bar-list__fill" style={{ width: `${base === 0 ? 0 : (item.value / base) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
