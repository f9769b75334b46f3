// @vitest-environment happy-dom
/**
 * Every chart has a text alternative (CONTRACT §18): the chart wrappers give their figures as a
 * table a screen reader reads, captioned with the chart's title; its words follow the UI's language.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart } from '../../../../../renderer/src/components/charts/BarChart';
import { DonutChart } from '../../../../../renderer/src/components/charts/DonutChart';
import { LineChart } from '../../../../../renderer/src/components/charts/LineChart';
import { rangeLabel, titleWithRange } from '../../../../../renderer/src/components/charts/rangeTitle';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

/** The table's rows as text cells: [label, value, (share)]. */
function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

const DAYS = [
  { label: 'Jan 1', value: 3 },
  { label: 'Jan 2', value: 12000 },
];

describe('chart text alternatives', () => {
  it('a line chart gives its points as a table captioned with its title', () => {
    render(<LineChart ariaLabel="Click Trend (Last 7 Days)" labelHeader="Day" data={DAYS} />);
    expect(screen.getByRole('img', { name: 'Click Trend (Last 7 Days)' })).toBeTruthy();
    expect(tableRows('Click Trend (Last 7 Days)')).toEqual([
      ['Day', 'Clicks'],
      ['Jan 1', '3'],
      ['Jan 2', '12,000'],
    ]);
  });

  it('a bar chart names its series in the header', () => {
    render(<BarChart ariaLabel="Visit Frequency (All time)" seriesName="Visitors" labelHeader="Visits" data={DAYS} />);
    expect(tableRows('Visit Frequency (All time)')[0]).toEqual(['Visits', 'Visitors']);
  });

  it("a donut's table gives each slice's share of every slice", () => {
    render(
      <DonutChart
        ariaLabel="Device Breakdown (All time)"
        labelHeader="Device"
        data={[
          { name: 'iOS', value: 1 },
          { name: 'Android', value: 0 },
          { name: 'Web', value: 3 },
        ]}
      />,
    );
    expect(tableRows('Device Breakdown (All time)')).toEqual([
      ['Device', 'Clicks', 'Share'],
      ['iOS', '1', '25%'],
      ['Android', '0', '0%'],
      ['Web', '3', '75%'],
    ]);
  });

  it('speaks Spanish when the UI does: headers, numbers and the range in the title', async () => {
    await i18next.changeLanguage('es');
    const title = titleWithRange('Tendencia de clics', rangeLabel({ from: '2025-01-01', to: '2025-01-31' }, 30));
    expect(title).toBe('Tendencia de clics (Últimos 30 días)');
    render(<LineChart ariaLabel={title} data={DAYS} />);
    const rows = tableRows(title);
    expect(rows[0]).toEqual(['Elemento', 'Clics']);
    expect(rows[2]?.[1]).toBe('12.000');
  });
});

describe('chart titles name their range', () => {
  it('all time, a preset, or the first and last day', () => {
    expect(rangeLabel(undefined)).toBe('All time');
    expect(rangeLabel({ from: '2025-01-01', to: '2025-01-07' }, 7)).toBe('Last 7 days');
    expect(rangeLabel({ from: '2025-01-01', to: '2025-01-31' })).toBe('Jan 1 – Jan 31');
    expect(titleWithRange('Top Countries', 'Last 30 days')).toBe('Top Countries (Last 30 days)');
  });
});
