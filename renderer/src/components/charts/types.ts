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
  /** Accessible summary of the chart: its title, with the range it shows. */
  ariaLabel: string;
  /** What the labels are ('Day', 'Country'...), the header of the text alternative's first column. */
  labelHeader?: string;
}

export interface Slice {
  name: string;
  value: number;
  color?: string;
}
