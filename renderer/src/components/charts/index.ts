export * from './BarChart';
export * from './BarList';
export * from './colors';
export * from './DonutChart';
export * from './LineChart';
export * from './types';
