import { Bar, CartesianGrid, Cell, BarChart as RBarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_COLOR, CHART_COLORS, GRID_COLOR, TOOLTIP_STYLE } from './colors';
import type { SeriesPoint } from './types';

export interface BarChartProps {
  data: SeriesPoint[];
  seriesName?: string;
  height?: number;
  color?: string;
  /** One colour per bar (overrides `color`). */
  colors?: string[];
  /** Bars grow to the right, labels on the left. */
  horizontal?: boolean;
  ariaLabel: string;
}

export function BarChart({
  data,
  seriesName = 'Clicks',
  height = 260,
  color = CHART_COLORS[0],
  colors,
  horizontal = false,
  ariaLabel,
}: BarChartProps) {
  return (
    <div role="img" aria-label={ariaLabel} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <RBarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 12, bottom: 0, left: horizontal ? 8 : -16 }}
        >
          <CartesianGrid stroke={GRID_COLOR} vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis
                type="number"
                allowDecimals={false}
                stroke={AXIS_COLOR}
                fontSize={12}
                tickLine={false}
                axisLine={false}
              />
              <YAxis
                type="category"
                dataKey="label"
                stroke={AXIS_COLOR}
                fontSize={12}
                tickLine={false}
                axisLine={false}
                width={110}
              />
            </>
          ) : (
            <>
              <XAxis dataKey="label" stroke={AXIS_COLOR} fontSize={12} tickLine={false} axisLine={false} dy={6} />
              <YAxis
                allowDecimals={false}
                stroke={AXIS_COLOR}
                fontSize={12}
                tickLine={false}
                axisLine={false}
                width={48}
              />
            </>
          )}
          <Tooltip cursor={{ fill: 'rgba(16,24,40,0.04)' }} contentStyle={TOOLTIP_STYLE} />
          <Bar
            dataKey="value"
            name={seriesName}
            fill={color}
            radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          >
            {colors
              ? data.map((point, index) => <Cell key={point.label} fill={colors[index % colors.length]} />)
              : null}
          </Bar>
        </RBarChart>
      </ResponsiveContainer>
    </div>
  );
}
