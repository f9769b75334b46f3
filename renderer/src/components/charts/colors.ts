/**
 * Fixed chart colours (SVG attributes can't read CSS variables reliably, so they live here). The
 * series colours read on both themes; the axes, grid and slice borders are themed in charts.css,
 * whose rules win over these presentation attributes.
 */
export const CHART_COLORS = ['#4f46e5', '#10b981', '#f59e0b', '#ec4899', '#06b6d4', '#8b5cf6', '#84cc16', '#f97316'];

/** The spec's fixed device colours. */
export const DEVICE_COLORS = { ios: '#4f46e5', android: '#10b981', web: '#f59e0b' } as const;

export const AXIS_COLOR = '#98a2b3';
export const GRID_COLOR = '#eaecf0';

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] ?? '#4f46e5';
}

/** recharts puts tooltip styles inline; these match the design system's popovers. */
const TOOLTIP_STYLE = {
  borderRadius: 8,
  border: '1px solid var(--color-border)',
  background: 'var(--color-surface)',
  color: 'var(--color-text)',
  boxShadow: 'var(--shadow-lg)',
  fontSize: 13,
  padding: '8px 12px',
} as const;

/**
 * A chart's tooltip: the popover's surface, and its text in the theme's text colours. recharts
 * writes each row in its series' colour by default, which on the dark surface falls under 4.5:1
 * (docs/api.md#themes); the series' colour stays on the chart itself.
 */
export const TOOLTIP_PROPS = {
  contentStyle: TOOLTIP_STYLE,
  labelStyle: { color: 'var(--color-text-muted)' },
  itemStyle: { color: 'var(--color-text)' },
} as const;
