/**
 * The analytics date range: Last 7/30/90 days, All time, or Custom (two dates, checked with the
 * rule the server applies, so its words show before any call is made).
 */
import { useState } from 'react';
import { type DateRange, parseDateRange } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { DATE_RANGE_TEXTS as TEXTS } from './analyticsTexts';
import { RANGE_PRESETS, type RangeChoice } from './dateRange';

export interface DateRangeControlProps {
  choice: RangeChoice;
  /** The dates the current choice covers (the custom inputs start from them). */
  range: DateRange | undefined;
  onChange: (choice: RangeChoice) => void;
}

export function DateRangeControl({ choice, range, onChange }: DateRangeControlProps) {
  const [editing, setEditing] = useState(choice.kind === 'custom');
  const showCustom = editing || choice.kind === 'custom';
  const pick = (next: RangeChoice) => {
    setEditing(false);
    onChange(next);
  };
  return (
    <div className="date-range">
      <fieldset className="segmented">
        <legend className="visually-hidden">{TEXTS.legend}</legend>
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="segmented__option"
            aria-pressed={!showCustom && choice.kind === 'preset' && choice.preset === preset}
            onClick={() => pick({ kind: 'preset', preset })}
          >
            {TEXTS.presets[preset]}
          </button>
        ))}
        <button
          type="button"
          className="segmented__option"
          aria-pressed={!showCustom && choice.kind === 'all'}
          onClick={() => pick({ kind: 'all' })}
        >
          {TEXTS.allTime}
        </button>
        <button type="button" className="segmented__option" aria-pressed={showCustom} onClick={() => setEditing(true)}>
          {TEXTS.custom}
        </button>
      </fieldset>
      {showCustom ? <CustomRange key={rangeText(range)} initial={range} onApply={pick} /> : null}
    </div>
  );
}

const rangeText = (range: DateRange | undefined) => (range ? `${range.from}/${range.to}` : '');

function CustomRange({ initial, onApply }: { initial: DateRange | undefined; onApply: (choice: RangeChoice) => void }) {
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
    <form
      className="date-range__custom"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label className="date-range__field stack stack--xs">
        <span className="field__label">{TEXTS.from}</span>
        <input className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="date-range__field stack stack--xs">
        <span className="field__label">{TEXTS.to}</span>
        <input className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <Button type="submit" size="sm">
        {TEXTS.apply}
      </Button>
      {error ? (
        <p className="field__error date-range__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
