import { CartesianGrid, Line, LineChart as RLineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, COUNT_Y_AXIS, LABEL_X_AXIS, withSeriesDefaults } from './ChartFrame';
import { GRID_COLOR, TOOLTIP_PROPS } from './colors';
import type { SeriesChartProps } from './types';

export type LineChartProps = SeriesChartProps;

/** One series over a category axis. Animation off, so screenshots are stable. */
export function LineChart(props: LineChartProps) {
  const { data, seriesName, height, color, ariaLabel, labelHeader } = withSeriesDefaults(props);
  return (
    <ChartFrame ariaLabel={ariaLabel} height={height} data={data} seriesName={seriesName} labelHeader={labelHeader}>
      <RLineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={GRID_COLOR} vertical={false} />
        <XAxis {...LABEL_X_AXIS} />
        <YAxis {...COUNT_Y_AXIS} />
        <Tooltip cursor={{ stroke: GRID_COLOR }} {...TOOLTIP_PROPS} />
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
    </ChartFrame>
  );
}
