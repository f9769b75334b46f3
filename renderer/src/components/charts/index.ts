export * from './BarChart';
export * from './BarList';
export * from './ChartTable';
export * from './colors';
export * from './DonutChart';
export * from './LineChart';
export * from './rangeTitle';
export * from './types';
