import { CartesianGrid, Line, ResponsiveContainer, LineChart as RLineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_COLOR, CHART_COLORS, GRID_COLOR, TOOLTIP_STYLE } from './colors';
import type { SeriesPoint } from './types';

export interface LineChartProps {
  data: SeriesPoint[];
  /** Name of the series in the tooltip, e.g. 'Clicks'. */
  seriesName?: string;
  height?: number;
  color?: string;
  /** Accessible summary of the chart. */
  ariaLabel: string;
}

/** One series over a category axis. Animation off, so screenshots are stable. */
export function LineChart({
  data,
  seriesName = 'Clicks',
  height = 260,
  color = CHART_COLORS[0],
  ariaLabel,
}: LineChartProps) {
  return (
    <div role="img" aria-label={ariaLabel} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <RLineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID_COLOR} vertical={false} />
          <XAxis dataKey="label" stroke={AXIS_COLOR} fontSize={12} tickLine={false} axisLine={false} dy={6} />
          <YAxis allowDecimals={false} stroke={AXIS_COLOR} fontSize={12} tickLine={false} axisLine={false} width={48} />
          <Tooltip cursor={{ stroke: GRID_COLOR }} contentStyle={TOOLTIP_STYLE} />
          <Line
            type="monotone"
            dataKey="value"
            name={seriesName}
            stroke={color}
            strokeWidth={2.5}
            dot={{ r: 3, fill: color, strokeWidth: 0 }}
            activeDot={{ r: 5 }}
            isAnimationActive={false}
          />
        </RLineChart>
      </ResponsiveContainer>
    </div>
  );
}
