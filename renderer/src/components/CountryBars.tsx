import { useTranslation } from 'react-i18next';
import { rankCountries } from '../format/countries';
import { BarList, type BarListProps, sumCounts } from './charts/BarList';
import { Flag } from './Flag';

export interface CountryBarsProps extends Omit<BarListProps, 'items'> {
  /** Country code → count, as the analytics calls return it. */
  counts: Record<string, number>;
  /** Top N (the spec's lists show 5). */
  limit?: number;
}

/**
 * Countries ranked by count, each with its flag and its name in the UI's language; "Unknown" is no
 * entry of the ranking, its clicks a note below it (docs/api.md#countries).
 */
export function CountryBars({ counts, limit, total, ...rest }: CountryBarsProps) {
  const ranked = rankCountries(counts, limit);
  const items = ranked.countries.map((country) => ({
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
  return (
    <>
      <BarList items={items} total={total ?? sumCounts(counts)} {...rest} />
      <UnknownCountriesNote clicks={ranked.unknown} />
    </>
  );
}

/** "and 3 clicks from unknown places": beside a ranking of countries, nothing when there are none. */
export function UnknownCountriesNote({ clicks }: { clicks: number }) {
  const { t } = useTranslation();
  if (clicks <= 0) return null;
  return (
    <p className="subtle text-sm country-note" data-testid="unknown-countries">
      {t('analytics.unknownCountries', { count: clicks })}
    </p>
  );
}
