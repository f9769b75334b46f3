import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatNumber, formatPercent } from '../../format/numbers';
import { ChartTable } from './ChartTable';
import { chartColor, TOOLTIP_PROPS } from './colors';
import type { Slice } from './types';

export interface DonutChartProps {
  data: Slice[];
  /** Shown when every value is 0. */
  emptyText?: string;
  /** Caption under the total in the middle (donut only), e.g. 'clicks'. */
  centerCaption?: string;
  /** A full pie instead of a ring. */
  pie?: boolean;
  size?: number;
  /** Show the legend with counts and shares beside the chart. */
  legend?: boolean;
  /** Its title, with the range it shows: the caption of its text alternative. */
  ariaLabel: string;
  /** What the slices are ('Device', 'Source'...), the header of the text alternative's first column. */
  labelHeader?: string;
  /** The name of the values, 'Clicks' by default. */
  valueName?: string;
}

/** A donut (or pie) with a legend listing each slice's count and share. */
export function DonutChart({
  data,
  emptyText,
  centerCaption,
  pie = false,
  size = 180,
  legend = true,
  ariaLabel,
  labelHeader,
  valueName,
}: DonutChartProps) {
  const { t } = useTranslation();
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  if (total === 0) return <div className="chart-empty">{emptyText ?? t('charts.noData')}</div>;
  const slices = data.map((slice, index) => ({ ...slice, color: slice.color ?? chartColor(index) }));
  return (
    <div className={legend ? 'donut' : undefined}>
      <div className="donut__chart" role="img" aria-label={ariaLabel} style={{ width: '100%', height: size }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices.filter((slice) => slice.value > 0)}
              dataKey="value"
              nameKey="name"
              innerRadius={pie ? 0 : '62%'}
              outerRadius="100%"
              paddingAngle={pie ? 0 : 2}
              stroke="#fff"
              strokeWidth={2}
              isAnimationActive={false}
            >
              {slices
                .filter((slice) => slice.value > 0)
                .map((slice) => (
                  <Cell key={slice.name} fill={slice.color} />
                ))}
            </Pie>
            <Tooltip {...TOOLTIP_PROPS} />
          </PieChart>
        </ResponsiveContainer>
        {!pie ? (
          <div className="donut__center">
            <div>
              <div className="donut__total">{formatNumber(total)}</div>
              {centerCaption ? <div className="donut__caption">{centerCaption}</div> : null}
            </div>
          </div>
        ) : null}
      </div>
      {legend ? (
        <ul className="legend">
          {slices.map((slice) => (
            <li key={slice.name} className="legend__item">
              <span className="legend__swatch" style={{ background: slice.color }} />
              <span className="legend__name" title={slice.name}>
                {slice.name}
              </span>
              <span className="legend__value">{formatNumber(slice.value)}</span>
              <span className="bar-list__meta">{formatPercent(slice.value / total, 0)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <ChartTable
        caption={ariaLabel}
        rows={slices.map((slice) => ({ label: slice.name, value: slice.value }))}
        labelHeader={labelHeader}
        valueHeader={valueName}
        shares
      />
    </div>
  );
}
