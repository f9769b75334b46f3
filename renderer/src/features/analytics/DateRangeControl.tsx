/**
 * The analytics date range: Last 7/30/90 days, All time, or Custom (two dates, checked with the
 * rule the server applies, so its words show before any call is made).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, parseDateRange } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { SegmentedOption } from '../../components/SegmentedOption';
import { submitted } from '../../components/submitted';
import { localiseMessage } from '../../i18n/messages';
import { RANGE_PRESETS, type RangeChoice } from './dateRange';

export interface DateRangeControlProps {
  choice: RangeChoice;
  /** The dates the current choice covers (the custom inputs start from them). */
  range: DateRange | undefined;
  onChange: (choice: RangeChoice) => void;
}

export function DateRangeControl({ choice, range, onChange }: DateRangeControlProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(choice.kind === 'custom');
  const showCustom = editing || choice.kind === 'custom';
  const pick = (next: RangeChoice) => {
    setEditing(false);
    onChange(next);
  };
  return (
    <div className="date-range">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('analytics.dateRange.legend')}</legend>
        {RANGE_PRESETS.map((preset) => (
          <SegmentedOption
            key={preset}
            pressed={!showCustom && choice.kind === 'preset' && choice.preset === preset}
            onClick={() => pick({ kind: 'preset', preset })}
          >
            {t(`analytics.dateRange.presets.${preset}`)}
          </SegmentedOption>
        ))}
        <SegmentedOption pressed={!showCustom && choice.kind === 'all'} onClick={() => pick({ kind: 'all' })}>
          {t('analytics.dateRange.allTime')}
        </SegmentedOption>
        <SegmentedOption pressed={showCustom} onClick={() => setEditing(true)}>
          {t('analytics.dateRange.custom')}
        </SegmentedOption>
      </fieldset>
      {showCustom ? <CustomRange key={rangeText(range)} initial={range} onApply={pick} /> : null}
    </div>
  );
}

const rangeText = (range: DateRange | undefined) => (range ? `${range.from}/${range.to}` : '');

function CustomRange({ initial, onApply }: { initial: DateRange | undefined; onApply: (choice: RangeChoice) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const parsed = parseDateRange(from, to);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    // Two empty dates are the contract's "neither": all time.
    onApply(parsed.range ? { kind: 'custom', range: parsed.range } : { kind: 'all' });
  };
  return (
    <form className="date-range__custom" noValidate onSubmit={submitted(apply)}>
      <label className="date-range__field stack stack--xs">
        <span className="field__label">{t('analytics.dateRange.from')}</span>
        <input className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="date-range__field stack stack--xs">
        <span className="field__label">{t('analytics.dateRange.to')}</span>
        <input className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <Button type="submit" size="sm">
        {t('analytics.dateRange.apply')}
      </Button>
      {error ? (
        <p className="field__error date-range__error" role="alert">
          {localiseMessage(error)}
        </p>
      ) : null}
    </form>
  );
}
