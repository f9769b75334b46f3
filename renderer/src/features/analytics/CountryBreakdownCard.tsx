/**
 * The full country card (docs/api.md#pages): 10 countries, Show All / Show Less beyond that; name, code,
 * clicks, share of the total and a bar relative to the busiest country; a summary line.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { UnknownCountriesNote } from '../../components/CountryBars';
import { Flag } from '../../components/Flag';
import { rankCountries } from '../../format/countries';
import { formatNumber, formatPercent } from '../../format/numbers';

export const COUNTRY_CARD_LIMIT = 10;

export function CountryBreakdownCard({
  counts,
  title,
}: {
  /** Undefined while loading. */
  counts: Record<string, number> | undefined;
  /** With the range it shows (CONTRACT §18). */
  title: string;
}) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  // "Unknown" holds clicks, but it is no country: no entry of the ranking, a note below it (docs/api.md#countries).
  const { countries, unknown } = rankCountries(counts ?? {});
  const total = countries.reduce((sum, country) => sum + country.count, unknown);
  const knownCountries = countries.length;
  const max = countries[0]?.count ?? 0;
  const shown = showAll ? countries : countries.slice(0, COUNTRY_CARD_LIMIT);

  return (
    <Card
      title={title}
      actions={
        countries.length > COUNTRY_CARD_LIMIT ? (
          <Button size="sm" variant="ghost" onClick={() => setShowAll(!showAll)}>
            {showAll ? t('analytics.showLess') : t('analytics.showAll', { count: countries.length })}
          </Button>
        ) : undefined
      }
    >
      {counts === undefined ? (
        <div className="chart-empty">{t('analytics.loading')}</div>
      ) : countries.length === 0 && unknown === 0 ? (
        <div className="chart-empty">{t('analytics.countryCard.noGeo')}</div>
      ) : (
        <div className="stack">
          <ul className="plain-list bar-list" aria-label={t('analytics.countryCard.list')}>
            {shown.map((country) => (
              <li key={country.code} className="bar-list__item">
                <div className="bar-list__row">
                  <span className="bar-list__label">
                    <Flag code={country.code} />
                    <span className="truncate">{country.name}</span>
                    <span className="badge mono">{country.code}</span>
                  </span>
                  <span className="bar-list__value">{formatNumber(country.count)}</span>
                  <span className="bar-list__meta">{formatPercent(total === 0 ? 0 : country.count / total)}</span>
                </div>
                <div className="bar-list__track" aria-hidden="true">
                  <div
                    className="bar-list__fill"
                    style={{ width: `${max === 0 ? 0 : (country.count / max) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
          <UnknownCountriesNote clicks={unknown} />
          <hr className="divider" />
          <dl className="kv-list kv-list--lg stack stack--sm" aria-label={t('analytics.countryCard.summary')}>
            <div className="kv-list__row">
              <dt>{t('analytics.countryCard.countries')}</dt>
              <dd>{formatNumber(knownCountries)}</dd>
            </div>
            <div className="kv-list__row">
              <dt>{t('analytics.countryCard.totalClicks')}</dt>
              <dd>{formatNumber(total)}</dd>
            </div>
            <div className="kv-list__row">
              <dt>{t('analytics.countryCard.maxClicks')}</dt>
              <dd>{formatNumber(max)}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}
