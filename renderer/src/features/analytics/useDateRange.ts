/** The analytics date range kept in the address, so Reload, Back and Forward keep it. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { browserTimeZone } from '../../format/dates';
import { choiceRange, type RangeChoice, readRangeChoice, todayIn, writeRangeChoice } from './dateRange';

export function useDateRange() {
  const [search, setSearch] = useSearchParams();
  const choice = readRangeChoice(search);
  const choiceKey = writeRangeChoice(choice).toString();
  const timeZone = browserTimeZone();
  // A preset moves with the calendar: today's date is part of what decides the range.
  const today = todayIn(timeZone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice's value (choiceKey), not its identity
  const range = useMemo(() => choiceRange(choice, timeZone), [choiceKey, timeZone, today]);
  const select = useCallback(
    (next: RangeChoice) => setSearch((current) => writeRangeChoice(next, current)),
    [setSearch],
  );
  return { choice, range, select };
}
