/** Day series as the analytics answers carry them, written as a first day and one count per day. */

const DAY_MS = 86_400_000;

/** `{ date, clicks }` for consecutive days from `first` (YYYY-MM-DD), one per count: the shape of `last7Days`. */
export function dailyClicks(first: string, clicks: readonly number[]): { date: string; clicks: number }[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return clicks.map((count, index) => ({
    date: new Date(start + index * DAY_MS).toISOString().slice(0, 10),
    clicks: count,
  }));
}
