/** Plain data for the chart wrappers: the pages shape API answers into these. */
export interface SeriesPoint {
  /** Axis label, already formatted ('Jan 5', '14:00', 'Mon'). */
  label: string;
  value: number;
}

export interface Slice {
  name: string;
  value: number;
  color?: string;
}
