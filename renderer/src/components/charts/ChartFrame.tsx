import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { i18next } from '../../i18n';
import { ChartTable } from './ChartTable';
import { AXIS_COLOR, CHART_COLORS } from './colors';
import type { SeriesChartProps, SeriesPoint } from './types';

/** The look of every axis: muted 12 px labels, no tick marks, no axis line. */
export const AXIS_STYLE = { stroke: AXIS_COLOR, fontSize: 12, tickLine: false, axisLine: false } as const;
/** The category axis along the bottom. */
export const LABEL_X_AXIS = { ...AXIS_STYLE, dataKey: 'label', dy: 6 } as const;
/** The count axis on the left: whole numbers only. */
export const COUNT_Y_AXIS = { ...AXIS_STYLE, allowDecimals: false, width: 48 } as const;

/** The one-series charts' props with the defaults they share: a 260 px 'Clicks' series in the first colour. */
export function withSeriesDefaults<P extends SeriesChartProps>(props: P) {
  return {
    ...props,
    seriesName: props.seriesName ?? i18next.t('charts.clicks'),
    height: props.height ?? 260,
    color: props.color ?? CHART_COLORS[0],
  };
}

export interface ChartFrameProps {
  /** Accessible summary of the chart: the SVG itself says nothing to a screen reader. */
  ariaLabel: string;
  height: number;
  className?: string;
  /** The figures drawn, also given as a table for screen readers (the chart's text alternative). */
  data: SeriesPoint[];
  seriesName: string;
  labelHeader?: string;
  /** One recharts chart, sized to the frame. */
  children: ReactElement;
}

export function ChartFrame({ ariaLabel, height, className, data, seriesName, labelHeader, children }: ChartFrameProps) {
  return (
    <div className={className}>
      <div role="img" aria-label={ariaLabel} style={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <ChartTable caption={ariaLabel} rows={data} labelHeader={labelHeader} valueHeader={seriesName} />
    </div>
  );
}
