import { rankCountries } from '../format/countries';
import { BarList, type BarListProps, sumCounts } from './charts/BarList';
import { Flag } from './Flag';

export interface CountryBarsProps extends Omit<BarListProps, 'items'> {
  /** Country code → count, as the analytics calls return it. */
  counts: Record<string, number>;
  /** Top N (the spec's lists show 5). */
  limit?: number;
}

/** Countries ranked by count, each with its flag and its name in the UI's language. */
export function CountryBars({ counts, limit, total, ...rest }: CountryBarsProps) {
  const items = rankCountries(counts, limit).map((country) => ({
    key: country.code,
    value: country.count,
    label: (
      <>
        <Flag code={country.code} />
        <span className="truncate">{country.name}</span>
      </>
    ),
  }));
  // A row's share is of every click in view, not of the rows shown (docs/api.md#pages).
  return <BarList items={items} total={total ?? sumCounts(counts)} {...rest} />;
}
