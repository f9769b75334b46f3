import { rankCountries } from '../format/countries';
import { BarList, type BarListProps } from './charts/BarList';

export interface CountryBarsProps extends Omit<BarListProps, 'items'> {
  /** Country code → count, as the analytics calls return it. */
  counts: Record<string, number>;
  /** Top N (the spec's lists show 5). */
  limit?: number;
}

/** Countries ranked by count, each with its flag and English name. */
export function CountryBars({ counts, limit, ...rest }: CountryBarsProps) {
  const items = rankCountries(counts, limit).map((country) => ({
    key: country.code,
    value: country.count,
    label: (
      <>
        <span className="flag" aria-hidden="true">
          {country.flag}
        </span>
        <span className="truncate">{country.name}</span>
      </>
    ),
  }));
  return <BarList items={items} {...rest} />;
}
