/** Plain data for the chart wrappers: the pages shape API answers into these. */
export interface SeriesPoint {
  /** Axis label, already formatted ('Jan 5', '14:00', 'Mon'). */
  label: string;
  value: number;
}

/** What the one-series charts (bars, line) take. */
export interface SeriesChartProps {
  data: SeriesPoint[];
  /** Name of the series in the tooltip, e.g. 'Clicks'. */
  seriesName?: string;
  height?: number;
  color?: string;
  /** Accessible summary of the chart. */
  ariaLabel: string;
}

export interface Slice {
  name: string;
  value: number;
  color?: string;
}
