import { Bar, CartesianGrid, Cell, BarChart as RBarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_STYLE, ChartFrame, COUNT_Y_AXIS, LABEL_X_AXIS, withSeriesDefaults } from './ChartFrame';
import { GRID_COLOR, TOOLTIP_PROPS } from './colors';
import type { SeriesChartProps } from './types';

export interface BarChartProps extends SeriesChartProps {
  /** One colour per bar (overrides `color`). */
  colors?: string[];
  /** Bars grow to the right, labels on the left. */
  horizontal?: boolean;
}

export function BarChart(props: BarChartProps) {
  const {
    data,
    seriesName,
    height,
    color,
    colors,
    horizontal = false,
    ariaLabel,
    labelHeader,
  } = withSeriesDefaults(props);
  return (
    <ChartFrame ariaLabel={ariaLabel} height={height} data={data} seriesName={seriesName} labelHeader={labelHeader}>
      <RBarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 12, bottom: 0, left: horizontal ? 8 : -16 }}
      >
        <CartesianGrid stroke={GRID_COLOR} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} {...AXIS_STYLE} />
            <YAxis type="category" dataKey="label" {...AXIS_STYLE} width={110} />
          </>
        ) : (
          <>
            <XAxis {...LABEL_X_AXIS} />
            <YAxis {...COUNT_Y_AXIS} />
          </>
        )}
        <Tooltip cursor={{ fill: 'rgba(16,24,40,0.04)' }} {...TOOLTIP_PROPS} />
        <Bar
          dataKey="value"
          name={seriesName}
          fill={color}
          radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        >
          {colors ? data.map((point, index) => <Cell key={point.label} fill={colors[index % colors.length]} />) : null}
        </Bar>
      </RBarChart>
    </ChartFrame>
  );
}
